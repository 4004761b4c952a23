pub use rquickjs;
