//! Black-box conformance tests live in tests/.
