"""Applications over documents: archives read file by file (:mod:`.batch`), on a Dask cluster
(:mod:`.dask`), and a page as a JSON record (:mod:`.export_json`). They use the public objects
and are used only by :mod:`pagelift.commands`."""
