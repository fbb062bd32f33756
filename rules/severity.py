"""How grave a finding is: an error (the card or deck is not valid) or a warning.

Its own module, below the findings and the catalogue of codes that both name it
(``rules.findings.Severity`` is this one). Pure: no Django, no I/O.
"""

from __future__ import annotations

from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
