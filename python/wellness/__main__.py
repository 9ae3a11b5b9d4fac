"""`python -m wellness`: the command-line tool (wellness.cli)."""

import sys

from .cli import main

sys.exit(main())
