# SPDX-License-Identifier: MIT
# awk -v out=DIR -f examples.awk FILE.md...: every ```c block of the
# documents into DIR/N.c, and "N.c FILE:LINE" on stdout. The example of
# the case format's contract as it was handed (docs/case-format.md before
# its "## Additions") is left out: that text is not changed, and its
# Additions show the same example as a case that passes on the matrix.
FNR == 1 { contract = FILENAME ~ /(^|\/)docs\/case-format\.md$/ }
/^## Additions/ { contract = 0 }
/^```c$/ && !contract { n++; f = out "/" n ".c"; printf "" > f; print n ".c " FILENAME ":" FNR; inblock = 1; next }
/^```/ && inblock { close(f); inblock = 0; next }
inblock { print > f }
