"""Tables from the installed detectors: the auto choice between ruled and whitespace, and the outputs people load."""
