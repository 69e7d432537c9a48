"""Our device modules without comments and docstrings, for the `.py` bundle (host only).

When no CircuitPython mpy-cross is found the bundle ships `.py` sources, which the device
compiles at each import: their comments and docstrings cost flash (the 1 MiB CIRCUITPY drive
must keep room for the players' level packs) and heap while they are parsed. mpy-cross drops
them; strip() does the same to the text. Every line stays where it was (removed text leaves
blank lines), so a traceback's line numbers still point into the repository's file, and a body
left with no statement gets a `pass`. same_code() is the check that nothing else changed: the
syntax trees agree once docstrings are taken out of the original's.
"""
import ast
import io
import tokenize

_BODIES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree):
    """(body owner, docstring statement) for every module, class and function docstring."""
    for node in ast.walk(tree):
        if isinstance(node, _BODIES) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                yield node, first


def strip(source):
    """source without comments and docstrings, line for line."""
    lines = source.splitlines(True)
    cut = {}  # line index -> column where the rest of the line goes
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            cut[row - 1] = min(col, cut.get(row - 1, col))
    for node, doc in _docstrings(ast.parse(source)):
        first, last = doc.lineno - 1, doc.end_lineno - 1
        before = lines[first].encode()[:doc.col_offset]  # (ast's columns count UTF-8 bytes)
        after = lines[last].encode()[doc.end_col_offset:].decode()
        if before.strip() or after.split("#")[0].strip():
            continue  # shares a line with other code: left as it is
        alone = len(node.body) == 1 and not isinstance(node, ast.Module)
        for i in range(first, last + 1):
            cut[i] = 0
        if alone:
            lines[first] = before.decode() + "pass\n"
            cut.pop(first)
    out = []
    for i, line in enumerate(lines):
        if i in cut:
            kept = line[:cut[i]].rstrip()
            line = kept + "\n" if kept else "\n"
        out.append(line)
    return "".join(out)


def _without_docstrings(tree):
    for node, doc in list(_docstrings(tree)):
        if len(node.body) == 1 and not isinstance(node, ast.Module):
            node.body[0] = ast.Pass()
        else:
            node.body.pop(0)
    return tree


def same_code(source, stripped):
    """True when stripped is source's code, docstrings aside."""
    a = ast.dump(_without_docstrings(ast.parse(source)))
    return a == ast.dump(_without_docstrings(ast.parse(stripped)))
