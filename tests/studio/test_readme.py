"""A newcomer's first minute (issue 42): the README opens with its title, one paragraph, and the
two commands, `make run` and `make test`, before anything else."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _opening(text: str) -> list[str]:
    """The README's blocks up to the end of its first code block."""
    blocks = [b.strip() for b in text.split("\n\n") if b.strip()]
    opening = []
    for block in blocks:
        opening.append(block)
        if block.startswith("```"):
            break
    return opening


def test_the_readme_opens_with_its_title_a_paragraph_and_the_two_commands():
    title, paragraph, commands = _opening((ROOT / "README.md").read_text(encoding="utf-8"))
    assert title == "# Card Studio"
    assert not paragraph.startswith(("#", "`", "```")), paragraph
    assert commands.splitlines()[1:-1] == ["make run", "make test"], commands


def test_the_opening_check_fails_on_a_readme_that_opens_with_something_else():
    planted = "```sh\nmake run\nmake test\n```\n\nTimings first.\n\n# Card Studio\n"
    assert _opening(planted)[0] != "# Card Studio"
