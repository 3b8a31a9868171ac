"""Work for the pool's tests: as long as asked, reporting as it goes."""

import time


def sleep(report, tmp, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        report({"done": 0, "total": 1})
        time.sleep(0.05)
    return "slept"
