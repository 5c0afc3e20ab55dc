#!/usr/bin/env python3
"""Self-test of check-openapi.py against docs/openapi.yaml (CTest http.openapi_checker_selftest).

Fails when the checker stops catching what it must catch:
- samples/good.jsonl (valid answers of every schema kind) passes with exit 0 and the summary line;
- samples/bad.jsonl fails with exit 1 and one reported failure for each of its four lines: a renamed
  member, a missing required member, an undocumented status, a text/plain content type;
- a routes file equal to the document passes; one with a route missing and an extra one fails
  with exactly those two problems;
- a copy of the document with an invalid schema, an unresolvable $ref and an operation without
  responses fails with each of the three;
- the closed message schemas (Message, MessageDetail) list exactly the members of MessageFields.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHECKER = os.path.join(HERE, 'check-openapi.py')
OPENAPI = os.path.join(ROOT, 'docs', 'openapi.yaml')
GOOD = os.path.join(HERE, 'samples', 'good.jsonl')
BAD = os.path.join(HERE, 'samples', 'bad.jsonl')
METHODS = ('get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace')

# One expected failure per line of bad.jsonl: (line number, regex the failure text must match).
BAD_EXPECTED = [
    (1, r"GET /ops/messages 200: at body/messages/0: 'error_class' is not one of"),
    (2, r"GET /health/live 200: at body: 'version' is a required property"),
    (3, r'POST /cminmsgs/send 202: status 202 is not documented'),
    (4, r"GET /all/flights 200: content type 'text/plain; charset=utf-8' is not JSON"),
]

failures = []


def run(*args, stdin=None):
    result = subprocess.run([sys.executable, CHECKER] + list(args), input=stdin, capture_output=True,
                            text=True)
    if result.stderr.strip():
        failures.append(f'check-openapi.py {" ".join(args)} wrote to stderr:\n{result.stderr}')
    return result.returncode, result.stdout.splitlines()


def expect(condition, what, output=None):
    if not condition:
        failures.append(what + ('\n  output:\n    ' + '\n    '.join(output) if output is not None else ''))


def load(path):
    with open(path, encoding='utf-8') as f:
        return yaml.safe_load(f)


def routes_of(doc):
    return [f'{m.upper()} {p}' for p, item in doc['paths'].items() for m in METHODS if m in item]


def records(path):
    with open(path, encoding='utf-8') as f:
        return [line for line in f.read().splitlines() if line.strip()]


def main():
    doc = load(OPENAPI)
    operations = len(routes_of(doc))

    # good.jsonl (the checker's default document is docs/openapi.yaml; it is named anyway)
    rc, out = run('--openapi', OPENAPI, '--responses', GOOD)
    summary = f'checked {len(records(GOOD))} responses against {operations} operations'
    expect(rc == 0, f'good.jsonl: exit {rc}, expected 0', out)
    expect(out[-1:] == [summary], f'good.jsonl: the last line is not "{summary}"', out)

    # bad.jsonl: each of the four lines reported, for its reason, and nothing else
    expect(len(records(BAD)) == len(BAD_EXPECTED),
           f'bad.jsonl has {len(records(BAD))} records, the self-test expects {len(BAD_EXPECTED)}')
    rc, out = run('--responses', BAD)
    expect(rc == 1, f'bad.jsonl: exit {rc}, expected 1', out)
    prefix = re.escape(BAD) + r':(\d+): '
    for number, pattern in BAD_EXPECTED:
        expect(any(re.match(re.escape(BAD) + f':{number}: ' + pattern, line) for line in out),
               f'bad.jsonl line {number}: no failure matching "{pattern}"', out)
    for line in out:
        m = re.match(prefix, line)
        expect(m is not None and int(m.group(1)) in dict(BAD_EXPECTED),
               f'bad.jsonl: unexpected output line: {line}')

    # routes
    routes = routes_of(doc)
    rc, out = run('--routes', '-', stdin='\n'.join(routes) + '\n')
    expect(rc == 0, f'routes equal to the document: exit {rc}, expected 0', out)
    dropped = routes[-1]
    served = routes[:-1] + ['# a comment', '', 'GET /not-a-route']
    rc, out = run('--routes', '-', stdin='\n'.join(served) + '\n')
    expect(rc == 1, f'routes with one missing and one extra: exit {rc}, expected 1', out)
    expect(sorted(out) == sorted([f'stdin:{len(served)}: GET /not-a-route is served but not in docs/openapi.yaml',
                                  f'docs/openapi.yaml: {dropped} is in the file but not served (not in stdin)']),
           'routes with one missing and one extra: not exactly the two problems', out)

    # a broken copy of the document
    broken = load(OPENAPI)
    broken['components']['schemas']['Error']['properties']['err_msg']['type'] = 'strng'
    broken['components']['schemas']['HealthLive']['properties']['version'] = {
        '$ref': '#/components/schemas/Nope'}
    del broken['paths']['/ops/status']['get']['responses']
    with tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False, encoding='utf-8') as f:
        yaml.safe_dump(broken, f, sort_keys=False, allow_unicode=True)
        broken_path = f.name
    try:
        rc, out = run('--openapi', broken_path)
    finally:
        os.unlink(broken_path)
    expect(rc == 1, f'broken document: exit {rc}, expected 1', out)
    for pattern in (r'/components/schemas/Error: not a valid Draft 2020-12 schema at /properties/err_msg/type',
                    r'/components/schemas/HealthLive/properties/version: \$ref #/components/schemas/Nope does not resolve',
                    r'GET /ops/status: no responses'):
        expect(any(re.search(pattern, line) for line in out),
               f'broken document: no problem matching "{pattern}"', out)

    # Message and MessageDetail are closed by propertyNames: they must list MessageFields' members
    schemas = doc['components']['schemas']
    members = list(schemas['MessageFields']['properties'])
    expect(schemas['Message']['propertyNames']['enum'] == members,
           f'Message.propertyNames is not the members of MessageFields {members}')
    expect(schemas['MessageDetail']['propertyNames']['enum'] == members + ['rawXml'],
           'MessageDetail.propertyNames is not the members of MessageFields + rawXml')
    expect(set(schemas['MessageFields']['required']) == set(members),
           'MessageFields: not every member is required')

    for failure in failures:
        print('FAIL: ' + failure)
    if failures:
        return 1
    print('check-openapi.py self-test: good and bad samples, routes, a broken document: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
