#!/bin/sh
# A UCI engine for tests that works the first time it is started (it runs the
# augur binary named in AUGUR_ENGINE) and after that exits at once with status
# 4: the marker file named in AUGUR_STARTS_ONCE_MARKER remembers the first start.
if [ -e "$AUGUR_STARTS_ONCE_MARKER" ]; then exit 4; fi
touch "$AUGUR_STARTS_ONCE_MARKER"
exec "$AUGUR_ENGINE"
