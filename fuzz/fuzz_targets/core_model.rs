//! (d) The core's task queues, timer store and HTML event loop, driven by
//! operation sequences decoded from the input and checked against the
//! reference model of crates/jsloop-core/tests/model.rs (the same file the
//! proptest tests run; included here, not copied). The first byte picks the
//! subject: the bare task queues, the bare timer store, or the whole loop.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/jsloop-core/tests/model.rs"]
mod model;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let result = match which % 4 {
        0 => model::check_task_queues(&model::decode_queue_ops(rest)),
        1 => model::check_timer_store(&model::decode_timer_ops(rest)),
        _ => model::check_event_loop(&model::decode_ops(rest)),
    };
    if let Err(e) = result {
        panic!("the core disagrees with the model: {e}");
    }
});
