//! The JavaScript glue (`src/js`), as QuickJS bytecode compiled when jsloop
//! was built (see `build.rs`). Evaluating a glue file reads its bytecode,
//! which is several times faster than parsing it: start-up was mostly
//! parsing before (bench/RESULTS.md, `startup`).
use rquickjs::function::This;
use rquickjs::{qjs, Ctx, FromJs, Function, Object, Value};

use crate::quickjs::eval_options;

include!(concat!(env!("OUT_DIR"), "/glue.rs"));

/// Evaluates the glue file `name` (relative to `src/js`, e.g.
/// `"node/util.js"`): each is one function expression, which this returns.
pub(crate) fn eval<'js, V: FromJs<'js>>(ctx: &Ctx<'js>, name: &str) -> rquickjs::Result<V> {
    let (_, source, bytecode) =
        GLUE.iter().find(|(n, _, _)| *n == name).unwrap_or_else(|| panic!("no glue file named {name}"));
    match from_bytecode(ctx, bytecode) {
        Some(value) => V::from_js(ctx, value?),
        // QuickJS refused the bytecode (it cannot, when built from the same
        // sources as build.rs's): parse the source instead.
        None => ctx.eval_with_options(*source, eval_options(&format!("jsloop:glue/{name}"))),
    }
}

/// `host.glue(name)`: the glue file `name` evaluated (its function
/// expression), for glue that loads other glue when it is first needed
/// (node/40_node.js's built-in modules, 00_console.js's error messages). One
/// native function for every file: a getter per file cost a function object
/// and a property each at every start. An unknown name is a TypeError.
/// It calls `before(ctx, host, name)` first (`host` is the object `glue`
/// was called on): a host installs there the host functions only that
/// file's glue calls, when it is first read.
pub(crate) fn loader_with<'js>(
    ctx: &Ctx<'js>,
    before: impl Fn(&Ctx<'js>, &Object<'js>, &str) -> rquickjs::Result<()> + 'js,
) -> rquickjs::Result<Function<'js>> {
    Function::new(
        ctx.clone(),
        move |ctx: Ctx<'js>, host: This<Object<'js>>, name: String| -> rquickjs::Result<Value<'js>> {
            if !GLUE.iter().any(|(n, _, _)| *n == name) {
                return Err(rquickjs::Exception::throw_type(
                    &ctx,
                    &format!("jsloop: no glue file named {name}"),
                ));
            }
            before(&ctx, &host.0, &name)?;
            eval(&ctx, &name)
        },
    )
}

/// Runs compiled glue; None if the bytecode cannot be read.
fn from_bytecode<'js>(ctx: &Ctx<'js>, bytecode: &[u8]) -> Option<rquickjs::Result<Value<'js>>> {
    let raw = ctx.as_raw().as_ptr();
    // SAFETY: `raw` is `ctx`'s live context. JS_ReadObject copies what it
    // needs from the slice and returns a new value (or an exception), owned
    // by `function`. JS_EvalFunction takes ownership of the function it runs
    // (hence the dup) and returns a new value, owned by `result`.
    unsafe {
        let function = Value::from_raw(
            ctx.clone(),
            qjs::JS_ReadObject(raw, bytecode.as_ptr(), bytecode.len() as _, qjs::JS_READ_OBJ_BYTECODE as i32),
        );
        if function.is_exception() {
            let _ = ctx.catch();
            return None;
        }
        let result =
            Value::from_raw(ctx.clone(), qjs::JS_EvalFunction(raw, qjs::JS_DupValue(raw, function.as_raw())));
        if result.is_exception() {
            return Some(Err(rquickjs::Error::Exception));
        }
        Some(Ok(result))
    }
}
