// A side thread whose script cannot load (side-thread.test.ts): what a missing native module would look like.
throw new Error("this thread cannot load");
