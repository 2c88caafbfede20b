"""Applications over documents: archives read file by file (:mod:`.batch`), on a Dask cluster
(:mod:`.dask`), a page as a JSON record (:mod:`.export_json`), and what keeps a long run whole: its worker processes
(:mod:`.pool`), signals (:mod:`.guard`) and one writer per output (:mod:`.lock`). They use the public objects
and are used only by :mod:`pagelift.commands`."""
