"""Values computed once per page or document (:mod:`.cached`) and the key that says which
cache a computation fills (:mod:`.cachekeys`); a bottom layer beside :mod:`pagelift.model`."""
