# SPDX-License-Identifier: MIT
# awk -f links.awk FILE.md...: every link of the markdown files resolves.
# A relative link must name a file or directory of the repository; its
# #anchor a heading of a markdown file (GitHub's slugs) or #LN a line that
# exists. An external link (http, https) must be well-formed: it is not
# fetched. Code spans and fenced blocks are not read. Prints
# FILE:LINE: error: ... for each bad link; exits 1 if there is one.

function dir_of(p) { return p ~ /\// ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "." }

# "a/b/../c" -> "a/c"
function normal(p,    n, parts, out, i, k) {
	n = split(p, parts, "/"); k = 0
	for (i = 1; i <= n; i++) {
		if (parts[i] == "." || parts[i] == "") continue
		if (parts[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
		out[++k] = parts[i]
	}
	p = ""
	for (i = 1; i <= k; i++) p = p (i > 1 ? "/" : "") out[i]
	return p == "" ? "." : p
}

function exists(p) { return system("test -e '" p "'") == 0 }

function slug(h) {
	sub(/^#+[ \t]*/, "", h); sub(/[ \t]+#*[ \t]*$/, "", h)
	while (match(h, /\[[^\]]*\]\([^)]*\)/)) {
		t = substr(h, RSTART + 1); t = substr(t, 1, index(t, "]") - 1)
		h = substr(h, 1, RSTART - 1) t substr(h, RSTART + RLENGTH)
	}
	h = tolower(h)
	gsub(/[^a-z0-9 _-]/, "", h)
	gsub(/ /, "-", h)
	return h
}

# the anchors of a markdown file, once
function load_anchors(f,    l, s, fence) {
	if (f in loaded) return
	loaded[f] = 1; fence = 0
	while ((getline l < f) > 0) {
		if (l ~ /^ *```/) { fence = !fence; continue }
		if (fence || l !~ /^#+ /) continue
		s = slug(l)
		if ((f SUBSEP s) in anchor) { n = ++dup[f SUBSEP s]; s = s "-" n }
		anchor[f SUBSEP s] = 1
	}
	close(f)
}

function lines_of(f,    n, l) {
	if (f in nlines) return nlines[f]
	n = 0
	while ((getline l < f) > 0) n++
	close(f)
	return nlines[f] = n
}

function err(msg) { printf "%s:%d: error: %s\n", FILENAME, FNR, msg; bad = 1 }

function check(t,    path, frag, i, f) {
	sub(/[ \t]+"[^"]*"$/, "", t)           # a title
	if (t ~ /^(https?|mailto):/) {
		if (t !~ /^mailto:/ && t !~ /^https?:\/\/[A-Za-z0-9.-]+\.[A-Za-z]+(:[0-9]+)?(\/[^ \t<>"]*)?([?#][^ \t<>"]*)?$/)
			err("malformed URL: " t)
		return
	}
	if (t ~ /^[a-z]+:/) { err("a link of a scheme this does not check: " t); return }
	i = index(t, "#")
	path = i ? substr(t, 1, i - 1) : t; frag = i ? substr(t, i + 1) : ""
	f = path == "" ? FILENAME : normal(dir_of(FILENAME) "/" path)
	if (!exists(f)) { err("no such file: " t); return }
	if (frag == "") return
	if (f ~ /\.md$/) {
		load_anchors(f)
		if (!((f SUBSEP frag) in anchor)) err("no heading for #" frag " in " f)
	} else if (frag ~ /^L[0-9]+$/) {
		if (substr(frag, 2) + 0 > lines_of(f)) err("line " substr(frag, 2) " past the end of " f)
	} else {
		err("an anchor in a file that is not markdown: " t)
	}
}

FNR == 1 { fence = 0 }
/^ *```/ { fence = !fence; next }
fence { next }
{
	s = $0
	gsub(/``[^`]*``|`[^`]*`/, "", s)       # code spans
	while (match(s, /\]\([^)]*\)/)) {
		check(substr(s, RSTART + 2, RLENGTH - 3))
		s = substr(s, RSTART + RLENGTH)
	}
	s = $0
	gsub(/``[^`]*``|`[^`]*`/, "", s)
	t = s
	while (match(t, /<https?:[^>]*>?/)) {   # an autolink ends before any space
		if (substr(t, RSTART, RLENGTH) ~ /[ \t]|[^>]$/) err("an autolink with a space, or not closed: " substr(t, RSTART, 60))
		t = substr(t, RSTART + RLENGTH)
	}
	gsub(/\]\([^)]*\)/, "", s)             # links, checked above: bare URLs left
	while (match(s, /https?:\/\/[^ \t<>)\]|]*/)) {
		u = substr(s, RSTART, RLENGTH); sub(/[.,;:]+$/, "", u)
		check(u)
		s = substr(s, RSTART + RLENGTH)
	}
}
END { exit bad }
