#!/usr/bin/env python3
"""Writes a table that C++ and Java must agree on into both languages' sources.

The tables (lib/engine/bench.table, lib/search/search_params.table, lib/eval/weights.table) are
the one place where the bench positions, the search parameters and the default evaluation weights
are written. The build runs this script to fill a template of each language with them:

  gen_tables.py TABLE TEMPLATE OUTPUT

TEMPLATE is a C++ (.h.in, .cpp.in) or Java (.java.in) source with placeholders that this script
replaces (any other text is copied as it is):

  @TABLE@          the table's path in the repository, for a "generated from" line
  @FIELDS@         one field per entry, with its doc comment
  @FIELDS_WITH_DEFAULTS@  the same, each initialised with the entry's value (C++ and Java)
  @COPY_FIELDS@    (Java) `c.field = field;` lines that copy every entry into `c`
  @DEFAULTS@       the values: (C++) designated initializers `.field = value,`;
                   (Java) statements that set them on an object `w`
  @VISIT@          (C++) `visit("name", field);`, (Java) `visitor.accept("name", flat(field));`
                   for every entry, in the table's order, under the table's names
  @CONSTANTS@      (int scalars only) compile-time constants: (C++) `static constexpr int name`,
                   (Java) `public static final int NAME`, each with its doc comment
  @VALUE:name@     one scalar entry's value; @STRINGS:name@ a string list's items, one a line

Table format, one entry at a time:

  # a comment of the table alone
  // a doc comment, carried into both languages before the next entry's field
  name: TYPE = VALUES    // a trailing doc comment, carried too
      MORE VALUES        (lines that start with white space continue the entry)

TYPE is int, Score (written MG/EG, e.g. 85/100) or string, with dimensions after it: a number,
PIECE (one slot per piece type, 0 = none, 1 = pawn ... 6 = king; values follow a type's name
such as KNIGHT and slots not named stay zero) or SQUARE (64 values written as a board, rank 8
first and file a on the left; stored with a1 = 0), and string[] for a list, one string per
continuation line. Names are snake_case; Java gets them in camelCase, in the doc comments too.
"""
import os
import re
import sys

PIECES = ['NONE', 'PAWN', 'KNIGHT', 'BISHOP', 'ROOK', 'QUEEN', 'KING']
DIMENSIONS = {'PIECE': len(PIECES), 'SQUARE': 64}
CPP_DIMENSIONS = {'PIECE': 'PIECE_TYPE_NB', 'SQUARE': '64'}
HEADER = re.compile(r'^([a-z][a-z0-9_]*)\s*:\s*(int|Score|string)((?:\[[A-Z0-9]*\])*)\s*=(.*)$')


class TableError(Exception):
    pass


class Entry:
    def __init__(self, name, kind, dims, doc, line):
        self.name, self.kind, self.dims, self.doc, self.line = name, kind, dims, doc, line
        self.trailing = ''
        self.separated = False  # an empty line stands before it (or before its doc comment)
        self.tokens = []  # value tokens, or whole lines for string[]
        self.value = None

    @property
    def camel(self):
        head, *rest = self.name.split('_')
        return head + ''.join(part.capitalize() for part in rest)

    def sizes(self):
        return [DIMENSIONS[d] if d in DIMENSIONS else int(d) for d in self.dims]


def split_comment(text):
    """Splits `values // comment`."""
    values, _, comment = text.partition('//')
    return values.rstrip(), comment.strip()


def parse(path):
    entries, doc = [], []
    current = None
    blank = False
    with open(path, encoding='utf-8') as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip('\n')
            stripped = line.strip()
            where = f'{path}:{number}'
            if not stripped:
                blank = True
                current = None
                continue
            if stripped.startswith('#'):
                continue
            if stripped.startswith('//'):
                doc.append(stripped[2:].strip())
                current = None
                continue
            if line[0].isspace():
                if current is None:
                    raise TableError(f'{where}: a continuation line without an entry')
                # A string is the whole line (a FEN holds spaces and slashes).
                current.tokens += [stripped] if current.kind == 'string' else split_comment(stripped)[0].split()
                continue
            match = HEADER.match(line)
            if not match:
                raise TableError(f'{where}: expected "name: TYPE = VALUES", got: {line}')
            name, kind, dims, rest = match.groups()
            dims = re.findall(r'\[([A-Z0-9]*)\]', dims)
            if kind == 'string' and dims != ['']:
                raise TableError(f'{where}: strings come only as a list (string[])')
            if kind != 'string' and any(d not in DIMENSIONS and not d.isdigit() for d in dims):
                raise TableError(f'{where}: a dimension is a number, PIECE or SQUARE')
            if any(e.name == name for e in entries):
                raise TableError(f'{where}: {name} is defined twice')
            current = Entry(name, kind, dims, doc, where)
            current.separated, doc, blank = blank, [], False
            values, current.trailing = split_comment(rest.strip())
            if values and kind == 'string':
                raise TableError(f'{where}: a string list starts on the next line, one string a line')
            current.tokens += values.split()
            entries.append(current)
    for entry in entries:
        entry.value = convert(entry)
    return entries


def scalar(entry, token):
    try:
        if entry.kind == 'int':
            return int(token)
        mg, eg = token.split('/')
        return (int(mg), int(eg))
    except ValueError:
        raise TableError(f'{entry.line}: {entry.name}: "{token}" is not a {entry.kind}') from None


def convert(entry):
    """The entry's value: a scalar, or nested lists in index order."""
    if entry.kind == 'string':
        return list(entry.tokens)
    value, rest = shaped(entry, entry.dims, list(entry.tokens))
    if rest:
        raise TableError(f'{entry.line}: {entry.name}: {len(rest)} values too many')
    return value


def shaped(entry, dims, tokens):
    if not dims:
        if not tokens:
            raise TableError(f'{entry.line}: {entry.name}: too few values')
        return scalar(entry, tokens[0]), tokens[1:]
    head, inner = dims[0], dims[1:]
    if head == 'PIECE':
        slots = [zero(entry, inner) for _ in PIECES]
        while tokens:
            if tokens[0] not in PIECES[1:]:
                raise TableError(f'{entry.line}: {entry.name}: expected a piece type, got "{tokens[0]}"')
            piece = PIECES.index(tokens[0])
            slots[piece], tokens = shaped(entry, inner, tokens[1:])
        return slots, tokens
    size = DIMENSIONS.get(head) or int(head)
    items = []
    for _ in range(size):
        item, tokens = shaped(entry, inner, tokens)
        items.append(item)
    if head == 'SQUARE':  # written rank 8 first; stored a1 = 0
        items = [items[(7 - square // 8) * 8 + square % 8] for square in range(64)]
    return items, tokens


def zero(entry, dims):
    if not dims:
        return 0 if entry.kind == 'int' else (0, 0)
    return [zero(entry, dims[1:]) for _ in range(DIMENSIONS.get(dims[0]) or int(dims[0]))]


# ---- C++ ----

def cpp_value(entry, value):
    if isinstance(value, list):
        return '{' + ', '.join(cpp_value(entry, v) for v in value) + '}'
    if isinstance(value, tuple):
        return '{%d, %d}' % value
    return str(value)


def cpp_type(entry):
    return {'int': 'int', 'Score': 'Score', 'string': 'std::string_view'}[entry.kind]


def cpp_field(entry, with_default, indent):
    lines = [f'{indent}// {d}'.rstrip() for d in entry.doc]
    dims = ''.join(f'[{CPP_DIMENSIONS.get(d, d)}]' for d in entry.dims)
    init = f' = {cpp_value(entry, entry.value)}' if with_default else ''
    trailing = f'  // {entry.trailing}' if entry.trailing else ''
    lines.append(f'{indent}{cpp_type(entry)} {entry.name}{dims}{init};{trailing}')
    return lines


def require_int_scalars(entries):
    for entry in entries:
        if entry.kind != 'int' or entry.dims:
            raise TableError(f'{entry.line}: @CONSTANTS@ takes int scalars only, {entry.name} is not one')


def cpp_constant(entry, indent):
    lines = [f'{indent}// {d}'.rstrip() for d in entry.doc]
    trailing = f'  // {entry.trailing}' if entry.trailing else ''
    lines.append(f'{indent}static constexpr int {entry.name} = {entry.value};{trailing}')
    return lines


def grouped(entries, field):
    """The fields' lines, with an empty line where the table has one (not before the first)."""
    lines = []
    for entry in entries:
        if entry.separated and lines:
            lines.append('')
        lines += field(entry)
    return '\n'.join(lines)


def cpp_fragments(entries, indent):
    return {
        'FIELDS': grouped(entries, lambda e: cpp_field(e, False, indent)),
        'FIELDS_WITH_DEFAULTS': grouped(entries, lambda e: cpp_field(e, True, indent)),
        'DEFAULTS': '\n'.join(f'{indent}.{e.name} = {cpp_value(e, e.value)},' for e in entries),
        'VISIT': '\n'.join(f'{indent}visit("{e.name}", {e.name});' for e in entries),
        'CONSTANTS': lambda: grouped(entries, lambda e: cpp_constant(e, indent)),
    }


# ---- Java ----

def java_doc(entries, text):
    for entry in entries:
        text = re.sub(r'\b%s\b' % re.escape(entry.name), entry.camel, text)
    return text


def java_constant(entries, entry, indent):
    def upper(text):
        for other in entries:
            text = re.sub(r'\b%s\b' % re.escape(other.name), other.name.upper(), text)
        return text
    lines = [f'{indent}// {upper(d)}'.rstrip() for d in entry.doc]
    trailing = f'  // {upper(entry.trailing)}' if entry.trailing else ''
    lines.append(f'{indent}public static final int {entry.name.upper()} = {entry.value};{trailing}')
    return lines


def java_type(entry):
    base = {'int': 'int', 'Score': 'Score', 'string': 'String'}[entry.kind]
    return base + '[]' * len(entry.dims)


def java_scalar(entry, value):
    if entry.kind == 'int':
        return str(value)
    return 'Score.ZERO' if value == (0, 0) else 'new Score(%d, %d)' % value


def java_zero(entry):
    if not entry.dims:
        return java_scalar(entry, 0 if entry.kind == 'int' else (0, 0))
    if entry.kind == 'int':
        return 'new int' + ''.join(f'[{s}]' for s in entry.sizes())
    return f'zeros({", ".join(str(s) for s in entry.sizes())})'


def java_array(entry, value):
    if isinstance(value, list):
        return '{' + ', '.join(java_array(entry, v) for v in value) + '}'
    return java_scalar(entry, value)


def java_field(entries, entry, with_default, indent):
    lines = [f'{indent}// {java_doc(entries, d)}'.rstrip() for d in entry.doc]
    trailing = f'  // {java_doc(entries, entry.trailing)}' if entry.trailing else ''
    if entry.dims:
        init = java_zero(entry) if not with_default else f'new {java_type(entry)} {java_array(entry, entry.value)}'
        lines.append(f'{indent}public final {java_type(entry)} {entry.camel} = {init};{trailing}')
    else:
        init = java_scalar(entry, entry.value) if with_default else java_zero(entry)
        lines.append(f'{indent}public {java_type(entry)} {entry.camel} = {init};{trailing}')
    return lines


def java_copy(entry, indent):
    if not entry.dims:
        return [f'{indent}c.{entry.camel} = {entry.camel};']
    if len(entry.dims) == 1:
        return [f'{indent}System.arraycopy({entry.camel}, 0, c.{entry.camel}, 0, {entry.camel}.length);']
    return [f'{indent}for (int i = 0; i < {entry.camel}.length; i++) {{',
            f'{indent}    System.arraycopy({entry.camel}[i], 0, c.{entry.camel}[i], 0, {entry.camel}[i].length);',
            f'{indent}}}']


def java_defaults(entry, indent):
    """Statements that set the entry's value on `w` (whose arrays exist, zeroed)."""
    if not entry.dims:
        return [f'{indent}w.{entry.camel} = {java_scalar(entry, entry.value)};']
    lines = []

    def walk(path, value, dims):
        if len(dims) == 1:
            if all(v in (0, (0, 0)) for v in value):
                return
            target = f'w.{entry.camel}' + ''.join(f'[{i}]' for i in path)
            items = ', '.join(java_scalar(entry, v) for v in value)
            lines.append(f'{indent}set({target}, {items});' if entry.kind == 'Score'
                         else f'{indent}System.arraycopy(new int[] {{{items}}}, 0, {target}, 0, {len(value)});')
            return
        for i, item in enumerate(value):
            walk(path + [i], item, dims[1:])
    walk([], entry.value, entry.dims)
    return lines


def java_fragments(entries, indent):
    return {
        'FIELDS': grouped(entries, lambda e: java_field(entries, e, False, indent)),
        'FIELDS_WITH_DEFAULTS': grouped(entries, lambda e: java_field(entries, e, True, indent)),
        'COPY_FIELDS': '\n'.join(line for e in entries for line in java_copy(e, indent)),
        'DEFAULTS': '\n'.join(line for e in entries for line in java_defaults(e, indent)),
        'VISIT': '\n'.join(f'{indent}visitor.accept("{e.name}", flat({e.camel}));' for e in entries),
        'CONSTANTS': lambda: grouped(entries, lambda e: java_constant(entries, e, indent)),
    }


# ---- Templates ----

def fill(template, entries, table_name, java):
    by_name = {e.name: e for e in entries}

    def replace(match):
        indent, key = match.group(1) or '', match.group(2)
        if key == 'TABLE':
            return indent + table_name
        if key.startswith(('VALUE:', 'STRINGS:')):
            kind, name = key.split(':', 1)
            if name not in by_name:
                raise TableError(f'the template names {name}, which the table does not define')
            entry = by_name[name]
            if kind == 'VALUE':
                if entry.dims:
                    raise TableError(f'@VALUE:{name}@: {name} is not a scalar')
                return indent + (java_scalar(entry, entry.value) if java else cpp_value(entry, entry.value))
            if entry.kind != 'string':
                raise TableError(f'@STRINGS:{name}@: {name} is not a string list')
            quoted = ['"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"' for s in entry.value]
            return ',\n'.join(indent + q for q in quoted) + ('' if java else ',')
        fragments = java_fragments(entries, indent) if java else cpp_fragments(entries, indent)
        if key not in fragments:
            raise TableError(f'unknown placeholder @{key}@')
        if key == 'CONSTANTS':
            require_int_scalars(entries)
            return fragments[key]()
        return fragments[key]

    # A placeholder alone at the start of a line passes its indentation to every line it becomes.
    return re.sub(r'(^[ \t]*)?@([A-Z_]+(?::[a-z0-9_]+)?)@', replace, template, flags=re.M)


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    table, template_path, output = argv[1:]
    try:
        entries = parse(table)
        with open(template_path, encoding='utf-8') as f:
            template = f.read()
        repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        name = os.path.relpath(os.path.abspath(table), repository).replace(os.sep, '/')
        text = fill(template, entries, name, template_path.endswith('.java.in'))
    except TableError as error:
        sys.exit(f'gen_tables.py: {error}')
    with open(output, 'w', encoding='utf-8') as out:
        out.write(text)


if __name__ == '__main__':
    main(sys.argv)
