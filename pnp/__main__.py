import sys

try:
    from pnp.cli import main
except KeyboardInterrupt:       # Ctrl-C while Python is still importing: one line, not a traceback
    sys.stderr.write("pnp: interrupted\n")
    sys.exit(130)

main()
