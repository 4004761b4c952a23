//! Work the node host hands to the thread pool for `crypto` and `zlib`
//! (`crypto.pbkdf2`, `crypto.scrypt`, `crypto.randomBytes` with a callback,
//! `zlib.gzip`, …): as in Node, where these are `uv_queue_work` requests on
//! libuv's pool, the work runs on a pool thread and its callback is called
//! in the poll phase of the loop turn that sees it complete.
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use rquickjs::{Ctx, Function, Object, Persistent, Value};

use super::fs::typed_bytes;
use super::io::FsValue;
use super::Shared;

/// What kind of JavaScript error a failed job is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ErrorClass {
    Error,
    RangeError,
    TypeError,
}

/// A failed job, with what Node's error carries.
#[derive(Debug, Clone)]
pub(crate) struct JobError {
    pub class: ErrorClass,
    pub message: String,
    /// `error.code` (`Z_DATA_ERROR`, `ERR_CRYPTO_INVALID_DIGEST`, …).
    pub code: Option<&'static str>,
    /// `error.errno` (zlib's return code).
    pub errno: Option<i32>,
}

impl JobError {
    pub fn new(class: ErrorClass, code: &'static str, message: impl Into<String>) -> Self {
        JobError { class, message: message.into(), code: Some(code), errno: None }
    }

    /// The error as a JavaScript value (a NodeError's shape: `code` on the
    /// error, the message as Node words it).
    pub fn to_js<'js>(&self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        let make = match self.class {
            ErrorClass::Error => "(m) => new Error(m)",
            ErrorClass::RangeError => "(m) => new RangeError(m)",
            ErrorClass::TypeError => "(m) => new TypeError(m)",
        };
        let error: Object = ctx.eval::<Function, _>(make)?.call((self.message.as_str(),))?;
        if let Some(errno) = self.errno {
            error.set("errno", errno)?;
        }
        if let Some(code) = self.code {
            // OpenSSL's errors carry their library and reason as Node's do.
            crate::crypto::bind::set_code(&error, code, &self.message)?;
        }
        Ok(error.into_value())
    }

    /// Throws the error in `ctx`.
    pub fn throw(&self, ctx: &Ctx<'_>) -> rquickjs::Error {
        match self.to_js(ctx) {
            Ok(v) => ctx.throw(v),
            Err(e) => e,
        }
    }
}

impl From<crate::crypto::CryptoError> for JobError {
    fn from(e: crate::crypto::CryptoError) -> Self {
        use crate::crypto::ErrorClass as C;
        let class = match e.class {
            C::Error => ErrorClass::Error,
            C::RangeError => ErrorClass::RangeError,
            C::TypeError => ErrorClass::TypeError,
        };
        // OpenSSL's errors reach a job's callback as Node's
        // CryptoErrorStore::ToException (src/crypto/crypto_util.cc) makes
        // them: a plain Error with the message, no code, library or reason.
        let code = (!e.code.is_empty() && !e.code.starts_with("ERR_OSSL_")).then_some(e.code);
        JobError { class, message: e.message, code, errno: None }
    }
}

/// What a job produces: bytes, or an error.
pub(crate) type JobResult = Result<Vec<u8>, JobError>;

/// What a job is, for the trace: its name (`crypto.pbkdf2`, `dns.lookup`,
/// `zlib.gzip`) and what it works on (a host name; may be empty).
pub(crate) struct JobName {
    pub work: String,
    pub detail: String,
}

impl JobName {
    pub fn new(work: impl Into<String>, detail: impl Into<String>) -> Self {
        JobName { work: work.into(), detail: detail.into() }
    }
}

/// Queues `work` on the pool; `callback(err, bytes)` is called in the poll
/// phase once it is done (bytes as a Uint8Array, which the glue makes a
/// Buffer).
pub(crate) fn submit<'js>(
    shared: &Rc<Shared>,
    ctx: &Ctx<'js>,
    name: JobName,
    callback: Function<'js>,
    work: impl FnOnce() -> JobResult + Send + 'static,
) -> rquickjs::Result<()> {
    let slot: Arc<Mutex<Option<JobResult>>> = Arc::default();
    let filled = slot.clone();
    let id = shared.io.submit(move || {
        let result = work();
        *filled.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        Ok(FsValue::Unit)
    });
    super::io_trace::job_queued(shared, id, name.work, name.detail);
    let callback = Persistent::save(ctx, callback);
    let s = shared.clone();
    // The pool request completes as the file system's do (node/io.rs); what it
    // produced is read from the slot when its callback runs.
    let done = Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<()> {
        let result = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        let error = match &result {
            Some(Err(e)) => Some(e.code.unwrap_or("error").to_string()),
            _ => None,
        };
        super::io_trace::job_done(&s, id, error);
        let callback = callback.clone().restore(&ctx)?;
        match result {
            Some(Ok(bytes)) => {
                let value = rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?;
                callback.call::<_, ()>((Value::new_null(ctx.clone()), value))
            }
            Some(Err(e)) => callback.call::<_, ()>((e.to_js(&ctx)?,)),
            None => Ok(()),
        }
    })?;
    shared.fs_callbacks.borrow_mut().insert(id, Persistent::save(ctx, done));
    Ok(())
}

/// The bytes of a Uint8Array (or any typed array or ArrayBuffer view the
/// glue passes as a Uint8Array), copied.
pub(crate) fn bytes_of(value: &Value<'_>) -> Vec<u8> {
    value
        .as_object()
        .and_then(|o| rquickjs::TypedArray::<u8>::from_object(o.clone()).ok())
        .map(|a| typed_bytes(&a))
        .unwrap_or_default()
}
