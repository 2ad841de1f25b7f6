#!/usr/bin/env python3
"""Replaces inline fully-qualified names in Java code by imports (the rule checkstyle.xml enforces).

Usage: python3 src/build/imports_over_qualified_names.py [files...]   (default: every .java file of the project)
A name stays qualified where an import would clash: another type of that simple name is imported, declared in the
file, in the file's package, or in java.lang. Comments and string literals are left alone.
"""
import os
import re
import sys

ROOTS = ['app', 'views', 'viewmodels', 'services', 'src/test/java']
FQN = re.compile(r'(?<![\w.])([a-z][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)\.([A-Z][A-Za-z0-9_]*)\b')
JAVA_LANG = set('''Appendable AutoCloseable Boolean Byte Character CharSequence Class ClassLoader Cloneable Comparable
Deprecated Double Enum Error Exception Float FunctionalInterface Integer InterruptedException Iterable Long Math Module
Number Object Override Package Process ProcessBuilder Readable Record Runnable Runtime RuntimeException SafeVarargs
Short StackWalker StrictMath String StringBuffer StringBuilder SuppressWarnings System Thread ThreadLocal Throwable Void
IllegalArgumentException IllegalStateException NullPointerException UnsupportedOperationException ArithmeticException
IndexOutOfBoundsException ArrayIndexOutOfBoundsException ClassCastException NumberFormatException SecurityException
OutOfMemoryError StackOverflowError AssertionError CloneNotSupportedException ReflectiveOperationException
ClassNotFoundException InheritableThreadLocal Compiler Character'''.split())


def code_spans(s):
    """(start, end) of the code outside comments, strings, chars and text blocks."""
    spans, i, start, n = [], 0, 0, len(s)
    while i < n:
        c = s[i]
        if s.startswith('//', i) or s.startswith('/*', i) or c in '"\'':
            spans.append((start, i))
            if s.startswith('//', i):
                j = s.find('\n', i)
                i = n if j < 0 else j
            elif s.startswith('/*', i):
                j = s.find('*/', i + 2)
                i = n if j < 0 else j + 2
            elif s.startswith('"""', i):
                j = s.find('"""', i + 3)
                while j > 0 and s[j - 1] == '\\':
                    j = s.find('"""', j + 1)
                i = n if j < 0 else j + 3
            else:
                j = i + 1
                while j < n and s[j] != c:
                    j += 2 if s[j] == '\\' else 1
                i = j + 1
            start = i
        else:
            i += 1
    spans.append((start, n))
    return spans


def package_names(pkg):
    """The types of package {@code pkg}, in main code (folders from the repository root) and in the tests."""
    names = set()
    for base in ('.', 'src/test/java'):
        d = os.path.join(base, *pkg.split('.')) if pkg else base
        if os.path.isdir(d):
            names |= {f[:-5] for f in os.listdir(d) if f.endswith('.java')}
    return names


def fix(path):
    s = open(path, encoding='utf-8').read()
    m = re.search(r'^package ([\w.]+);', s, re.M)
    pkg = m.group(1) if m else ''
    header_end = 0
    for im in re.finditer(r'^(?:package|import)\b[^\n]*\n', s, re.M):
        header_end = im.end()
    imported = {}
    for im in re.finditer(r'^import (?!static )([\w.]+)\.(\w+);', s, re.M):
        imported[im.group(2)] = im.group(1) + '.' + im.group(2)
    declared = set(re.findall(r'\b(?:class|interface|enum|record)\s+([A-Z]\w*)', s))
    local = package_names(pkg) - {os.path.basename(path)[:-5]}
    found = []
    for a, b in code_spans(s):
        if b <= header_end:
            continue
        for f in FQN.finditer(s, max(a, header_end), b):
            found.append(f)
    by_simple = {}
    for f in found:
        by_simple.setdefault(f.group(2), []).append(f.group(1) + '.' + f.group(2))
    chosen = {}
    for simple, fqns in by_simple.items():
        for fqn in sorted(set(fqns), key=lambda x: -fqns.count(x)):
            owner = fqn[:fqn.rfind('.')]
            if imported.get(simple) == fqn or owner == pkg:
                chosen[simple] = fqn
                break
            if simple in imported or simple in declared or simple in local:
                continue
            if simple in JAVA_LANG and owner != 'java.lang':
                continue
            chosen[simple] = fqn
            break
    if not chosen:
        return 0
    out, last, count = [], 0, 0
    for f in found:
        fqn = f.group(1) + '.' + f.group(2)
        if chosen.get(f.group(2)) == fqn:
            out.append(s[last:f.start()])
            out.append(f.group(2))
            last = f.end()
            count += 1
    out.append(s[last:])
    s = ''.join(out)
    new = sorted({fqn for simple, fqn in chosen.items()
                  if imported.get(simple) != fqn and fqn[:fqn.rfind('.')] not in ('java.lang', pkg)})
    for fqn in new:
        line = 'import %s;\n' % fqn
        imports = list(re.finditer(r'^import (?!static )([\w.]+);\n', s, re.M))
        pos = next((im.start() for im in imports if im.group(1) > fqn), None)
        if pos is None:
            if imports:
                pos = imports[-1].end()
            else:
                statics = list(re.finditer(r'^import static [\w.*]+;\n', s, re.M))
                if statics:
                    pos = statics[-1].end()
                    line = '\n' + line
                else:
                    pk = re.search(r'^package [\w.]+;\n', s, re.M)
                    pos = pk.end()
                    line = '\n' + line
        s = s[:pos] + line + s[pos:]
    open(path, 'w', encoding='utf-8').write(s)
    return count


def main(args):
    files = args or [os.path.join(d, f) for root in ROOTS for d, _, fs in os.walk(root) for f in fs
                     if f.endswith('.java')]
    files = sorted(set(files))
    total = sum(fix(f) for f in files)
    print('%d names replaced by imports in %d files' % (total, len(files)))


if __name__ == '__main__':
    main(sys.argv[1:])
