"""The content-stream interpreter: operators, graphics and text state, XObjects."""
