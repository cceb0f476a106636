"""Digital tables (issue 32): a round's table played on the players' phones, the engine of
the event's code keeping the rules. Records (``digital-dealt``, ``digital-move``) → the
table's fold (:mod:`.table`) → the position replayed by the engine (:mod:`.engine`); the
decisions in :mod:`.commands`. Kept free of imports here: :mod:`.folds` is loaded by the
event's folds."""
