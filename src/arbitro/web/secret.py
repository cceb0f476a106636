"""The installation's secret, for the web layer: see :mod:`arbitro.store.secret` (it moved
there so that an event file's import can check the lines' proofs, issue 29)."""

from arbitro.store.secret import SECRET_BYTES, SECRET_ENV, SECRET_SETTING, load_secret

__all__ = ["SECRET_BYTES", "SECRET_ENV", "SECRET_SETTING", "load_secret"]
