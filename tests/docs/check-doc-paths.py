#!/usr/bin/env python3
"""Fails when a Markdown page names a path of the repository that does not exist.

Usage: check-doc-paths.py DOC.md...   (run from anywhere; paths are relative to the repository root)

A `backticked` word is taken as a path when it contains a '/' or ends in a source or build file
suffix. It must exist: relative to the repository root; an include path (msgx/...) under one of the
include directories; a bare file name (Pump.cpp) somewhere in the tree. Words with a placeholder
(<name>) and paths outside the repository (../) are not checked.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUFFIXES = ('.cpp', '.h', '.md', '.cmake', '.txt', '.py', '.sh', '.yaml', '.sql', '.json', '.xml')
CORE_LIBRARIES = ('base', 'config', 'decoder', 'model', 'plugin', 'delivery', 'pipeline', 'golden', 'http', 'daemon')
INCLUDE_DIRS = ['core/%s/include' % lib for lib in CORE_LIBRARIES] + ['storage/include', 'plugins/include']
SKIP_DIRS = {'.git', 'build'}


def all_file_names():
    names = set()
    for directory, subdirs, files in os.walk(ROOT):
        subdirs[:] = [d for d in subdirs if d not in SKIP_DIRS]
        names.update(files)
    return names


def exists(word, names):
    path = word.rstrip('/')
    if os.path.exists(os.path.join(ROOT, path)):
        return True
    if path.startswith('msgx/'):
        return any(os.path.exists(os.path.join(ROOT, d, path)) for d in INCLUDE_DIRS)
    if '/' not in path:
        return path in names
    return False


def main(docs):
    names = all_file_names()
    problems = []
    for doc in docs:
        with open(os.path.join(ROOT, doc), encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                for word in re.findall(r'`([^`\s]+)`', line):
                    if '<' in word or word.startswith('../') or word.startswith('http'):
                        continue
                    if '/' not in word and not word.endswith(SUFFIXES):
                        continue
                    if not exists(word, names):
                        problems.append(f'{doc}:{number}: `{word}` does not exist')
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f'check-doc-paths: every path named in {", ".join(docs)} exists')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
