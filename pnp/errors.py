"""The two kinds of failure a user can meet, both shown as one line, never a traceback."""

from __future__ import annotations


class PnpError(Exception):
    """A user's mistake or an impossible request: printed as one line, exit code 2."""

    exit_code = 2


class SpecError(PnpError):
    """A mistake at a known place in a spec file: printed as FILE:LINE:COL: message."""

    def __init__(self, message: str, file: str = "<spec>", line: int = 1, column: int = 1):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"
