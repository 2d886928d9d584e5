#!/bin/sh
# Writes the Swift file that embeds a target's Files/ folder: an enum with the text of every file
# by its path under Files/. The EmbedFiles plugin runs it whenever one of the files changes; it
# rewrites the Swift file only when its text changes.
#
#   embed-files.sh OUTPUT SHOWN FOLDER [PATH...]
#
# OUTPUT is the Swift file, SHOWN how the folder is named in messages (Sources/BankReport/Files),
# FOLDER the folder, each PATH a file's path under it. A file that is not UTF-8 text, or that has
# CR line ends, is an error naming it.
set -eu
output=$1
shown=$2
folder=$3
shift 3
cr=$(printf '\r')
temporary="$output.partial"
trap 'rm -f "$temporary"' EXIT
{
    printf '// Written by the EmbedFiles plugin from %s.\n// Do not edit: change the files there.\n\n' "$shown"
    printf '/// The files of this target'"'"'s `Files/` folder, built into the binary.\n'
    printf 'enum EmbeddedFiles {\n'
    printf '    /// Each file'"'"'s text by its path under `Files/` (`i18n/en.yml`, `assets/site.css`).\n'
    printf '    static let files: [String: String] = [\n'
    [ $# -gt 0 ] || printf '        :\n'
    for path in "$@"; do
        file="$folder/$path"
        if ! iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1; then
            echo "error: $shown/$path is not UTF-8 text; only text files can be embedded" >&2
            exit 1
        fi
        if grep -q "$cr" "$file"; then
            echo "error: $shown/$path has CR line ends; save it with LF line ends" >&2
            exit 1
        fi
        # A raw literal with as many # as it takes for nothing in the text to end it or start an
        # escape. The newline before the closing quotes is not part of the string.
        hashes='#'
        while grep -qF "\"\"\"$hashes" "$file" || grep -qF "\\$hashes" "$file"; do
            hashes="$hashes#"
        done
        printf '        "%s": %s"""\n' "$path" "$hashes"
        cat "$file"
        printf '\n"""%s,\n' "$hashes"
    done
    printf '    ]\n}\n'
} >"$temporary"
if cmp -s "$temporary" "$output"; then
    rm -f "$temporary"
else
    mv "$temporary" "$output"
fi
