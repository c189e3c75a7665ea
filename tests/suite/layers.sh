# SPDX-License-Identifier: MIT
# tests/suite/layers.sh: the folders of harness/ are layers, and every
# include keeps to harness/LAYERS: none points from a lower layer to a
# higher one, none into a folder kept private (docs/internals.md)
# names: layers
# needs: nothing
# builds: first

# "FILE INCLUDE" for every #include "..." of the tree under $1
includes() { (cd "$1" && find . -name '*.[ch]' | sort | xargs grep -o '^#include "[^"]*"' | sed 's|^\./||; s|:#include "| |; s|"$||'); }

includes harness > "$T/includes"
[ -s "$T/includes" ] && check layers/rules awk -f tests/layers.awk harness/LAYERS "$T/includes" \
	|| bad layers/rules "no include found under harness/"

# each kind of crossing is caught: an include up a layer, one into a
# private folder, one sideways between layers that do not name each
# other, one without its folder, and a folder with no rule
missed=
for c in "lib/util.c report/grid.h:lib may not include report" \
         "dialect/load.c dialect/dejagnu/dgdriver.h:dialect may not include dialect/dejagnu" \
         "report/grid.c sandbox/box.h:report may not include sandbox" \
         "model/diag.c util.h:write the folder" \
         "extra/new.c lib/util.h:has no line in LAYERS"; do
	edge=${c%%:*} want=${c#*:}
	{ cat "$T/includes"; echo "$edge"; } > "$T/crossed"
	out=$(awk -f tests/layers.awk harness/LAYERS "$T/crossed" 2>&1)
	case $? in
	1) printf '%s\n' "$out" | grep -qF "$want" || missed="$missed$edge: not '$want': $out
" ;;
	*) missed="$missed$edge: not refused: $out
" ;;
	esac
done
[ -z "$missed" ] && ok layers/catches || bad layers/catches "$missed"

# a rule that names a folder above its own line is refused: the file's
# order is the layers' order
sed 's/^lib:$/lib: model/' harness/LAYERS > "$T/LAYERS.up"
out=$(awk -f tests/layers.awk "$T/LAYERS.up" "$T/includes" 2>&1) && bad layers/order "accepted: $out" \
	|| { printf '%s\n' "$out" | grep -q 'lib names model, which is not below it' && ok layers/order || bad layers/order "$out"; }

# one command, one file: main.c's table names where each command is done,
# each file named is there, and each file of cmd/ (but cmd.c, what they
# share) is a command's
sed -n 's/^\t{ "\([a-z]*\)", cmd_[a-z]*, "\([a-z/]*\.c\)",$/\1 \2/p' harness/main.c > "$T/commands"
out=$(while read -r name file; do [ -f "harness/$file" ] || echo "$name: no harness/$file"; done < "$T/commands"
      for f in harness/cmd/*.c; do case $f in */cmd.c) ;; *) grep -q " ${f#harness/}\$" "$T/commands" || echo "$f: no command's"; esac; done)
[ "$(wc -l < "$T/commands")" -ge 12 ] && [ -z "$out" ] && ok layers/command-files \
	|| bad layers/command-files "$(cat "$T/commands"; echo "$out")"
