"""The kinds of failure a user can meet, each shown as lines of text, never a traceback."""

from __future__ import annotations


class PnpError(Exception):
    """A user's mistake or an impossible request: printed as one line, exit code 2."""

    exit_code = 2


class SpecError(PnpError):
    """A mistake in a spec file: printed as FILE:LINE:COL: message, or FILE: message when it
    has no place in the text (a missing file, a folder given as a spec)."""

    def __init__(self, message: str, file: str = "<spec>", line: int | None = 1,
                 column: int | None = 1):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    @property
    def mistakes(self) -> list["SpecError"]:
        """Every mistake this error reports, in the order of the text."""
        return [self]

    @property
    def located(self) -> bool:
        return self.line is not None

    def sort_key(self) -> tuple:
        return (self.file, self.line or 0, self.column or 0, self.message)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


MAX_SHOWN = 50     # mistakes listed one by one; a spec with more gets a last line counting the rest


class SpecErrors(SpecError):
    """Every mistake found in one read of one or more specs, one line each, in text order.

    It is a SpecError whose place and message are those of the first mistake, so code that
    handles one mistake handles many."""

    def __init__(self, mistakes: list[SpecError]):
        flat = sorted({m.sort_key(): m for e in mistakes for m in e.mistakes}.values(),
                      key=SpecError.sort_key)
        if not flat:
            raise ValueError("SpecErrors needs at least one mistake")
        first = flat[0]
        super().__init__(first.message, first.file, first.line, first.column)
        self._mistakes = flat

    @property
    def mistakes(self) -> list[SpecError]:
        return list(self._mistakes)

    def lines(self) -> list[str]:
        shown = [str(m) for m in self._mistakes[:MAX_SHOWN]]
        rest = self._mistakes[MAX_SHOWN:]
        if rest:
            more = rest[0]
            where = f"{more.file}:{more.line}:{more.column}" if more.located else more.file
            shown.append(f"{where}: and {len(rest)} more mistakes from here on (fix these first)")
        return shown

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Several(PnpError):
    """Mistakes of several inputs found in one run (specs, board codes), reported together."""

    def __init__(self, errors: list[PnpError]):
        super().__init__(errors[0])
        self.errors = errors


def error_lines(exc: PnpError) -> list[str]:
    """The lines a user sees for an error: located mistakes as FILE:LINE:COL: message (or
    FILE: message), anything else as pnp: message."""
    if isinstance(exc, Several):
        specs = [e for e in exc.errors if isinstance(e, SpecError)]
        others = [e for e in exc.errors if not isinstance(e, SpecError)]
        lines = [line for e in others for line in error_lines(e)]
        return lines + (SpecErrors(specs).lines() if specs else [])
    if isinstance(exc, SpecErrors):
        return exc.lines()
    if isinstance(exc, SpecError):
        return [str(exc)]
    return [f"pnp: {exc}"]


def raise_all(mistakes: list[SpecError]) -> None:
    """Raise the mistakes found, if any: one as itself, several together."""
    if len(mistakes) == 1 and not isinstance(mistakes[0], SpecErrors):
        raise mistakes[0]
    if mistakes:
        raise SpecErrors(mistakes)
