"""Which build of the hot modules runs: the list of compiled modules (:mod:`.hotmodules`) and
the per-process choice between compiled and pure Python (:mod:`.purepython`). Imported
first, it imports nothing of pagelift."""
