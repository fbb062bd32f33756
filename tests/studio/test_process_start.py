"""A process that sets Django up (a command, a worker, a test process) imports no module it only
needs for work it may never do: each of these costs every such process a part of a CPU-second."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Daphne and its Twisted: only runserver (studio.devserver). fontTools' subsetter: only when a font
# subset is made (faces.fonts).
NOT_AT_START = ("daphne", "twisted", "fontTools.subset")


def test_setting_django_up_imports_neither_daphne_nor_the_font_subsetter():
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, django; django.setup(); from django.core.management import get_commands; get_commands(); "
            f"print(sorted(m for m in {NOT_AT_START!r} if m in sys.modules))",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "studio.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == "[]", shown.stdout + shown.stderr
