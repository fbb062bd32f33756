"""The corrections the games' rules state ship as data (each rule set's ``canonical_corrections``).

They need no loading: they apply when the effective card is read, as soon as
the card they name exists. ``loaddemo`` reports where each applies, or that it
is pending (e.g. seed 000's Kojima Genta correction: the demo has no Kojima
Genta card, since the seed does not state its type).
"""

from __future__ import annotations

from .selectors import canonical_status, describe_status


def load_demo(stdout) -> None:
    for entry in canonical_status():
        stdout.write(f"  corrections  {describe_status(entry)}")
