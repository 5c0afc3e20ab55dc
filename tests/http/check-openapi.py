#!/usr/bin/env python3
"""Checks docs/openapi.yaml, and msgxd's routes and HTTP answers against it.

Usage: check-openapi.py [--openapi FILE] [--routes FILE] [--responses FILE.jsonl] [--markdown FILE]

  --openapi FILE     the OpenAPI 3.1 document (default: docs/openapi.yaml of this repository). It is
                     always checked first: every operation has responses with descriptions, every
                     $ref is local and resolves, every schema is a valid Draft 2020-12 schema, path
                     parameters match the path template, security names a scheme, operationIds are
                     unique.
  --routes FILE      lines `METHOD /path` (what `msgxd --http-routes` prints; `-` reads stdin; blank
                     lines and `#` comments are ignored): every served route must be an operation of
                     the document and every operation must be served.
  --responses FILE   JSON lines {"method", "route", "status", "content_type", "body"[, "headers"]}
                     (route is the path template, e.g. /ops/messages/{id}; "*" for a request no
                     route takes): the operation and status must be documented, the content type
                     must be the documented JSON type with charset=utf-8, and the body must validate
                     against the response's schema. With "headers" (an object), the response's
                     required headers and the document's x-msgxd-response-headers are checked too.
                     A method a path does not define is checked against x-msgxd-fallback.other-method,
                     route "*" against x-msgxd-fallback.unrouted.
  --markdown FILE    the page that documents the API (docs/http.md): its error code table must list
                     exactly the err_code enum, each code with the status the document answers it
                     with; every operation must be in a heading (`METHOD /path`); every
                     x-msgxd-action must be named.

Prints one line per problem and exits 1 if there is any, else 0. Needs python3-yaml and
python3-jsonschema (Debian 12: jsonschema 4.10; newer versions work too).
"""
import argparse
import json
import os
import re
import sys
import urllib.parse

import jsonschema
import yaml
from jsonschema import Draft202012Validator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OPENAPI = os.path.join(ROOT, 'docs', 'openapi.yaml')
METHODS = ('get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace')
STATUS_KEY = re.compile(r'^([1-5][0-9][0-9]|[1-5]XX|default)$')
MAX_MESSAGE = 300


def normalise(node):
    """YAML may read a mapping key as a number or boolean: make every key a string."""
    if isinstance(node, dict):
        return {str(k): normalise(v) for k, v in node.items()}
    if isinstance(node, list):
        return [normalise(v) for v in node]
    return node


def escape(segment):
    return str(segment).replace('~', '~0').replace('/', '~1')


def pointer_of(segments):
    return ''.join('/' + escape(s) for s in segments)


def shorten(text):
    text = ' '.join(str(text).split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + '...'


class Document:
    def __init__(self, path, data):
        self.path = path
        absolute = os.path.abspath(path)
        inside = absolute.startswith(ROOT + os.sep)
        self.name = os.path.relpath(absolute, ROOT) if inside else path
        self.data = data
        self._validators = {}

    def lookup(self, pointer):
        """The node at a JSON pointer ('/components/schemas/Error'); KeyError when absent."""
        node = self.data
        if pointer == '':
            return node
        for raw in urllib.parse.unquote(pointer).split('/')[1:]:
            segment = raw.replace('~1', '/').replace('~0', '~')
            if isinstance(node, dict) and segment in node:
                node = node[segment]
            elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
                node = node[int(segment)]
            else:
                raise KeyError(pointer)
        return node

    def deref(self, node, pointer):
        """Follows an OpenAPI object's $ref chain: (node, its pointer)."""
        seen = set()
        while isinstance(node, dict) and isinstance(node.get('$ref'), str):
            ref = node['$ref']
            if not ref.startswith('#') or ref in seen:
                raise KeyError(ref)
            seen.add(ref)
            pointer = ref[1:]
            node = self.lookup(pointer)
        return node, pointer

    def operations(self):
        """(METHOD, path, operation, pointer) for every operation, in file order."""
        paths = self.data.get('paths') or {}
        if not isinstance(paths, dict):
            return
        for path, item in paths.items():
            if not isinstance(item, dict):
                continue
            for method in METHODS:
                if method in item:
                    yield method.upper(), path, item[method], pointer_of(['paths', path, method])

    def validator(self, schema_pointer):
        """A Draft 2020-12 validator of the schema at schema_pointer whose $refs resolve in the whole
        document: the root is the document itself with a $ref to the schema (the document's other
        members are no keywords of JSON Schema and are ignored)."""
        if schema_pointer not in self._validators:
            root = dict(self.data)
            root.pop('$schema', None)
            root.pop('$id', None)
            root['$ref'] = '#' + urllib.parse.quote(schema_pointer, safe='/~')
            self._validators[schema_pointer] = Draft202012Validator(root)
        return self._validators[schema_pointer]


def load_document(path, problems):
    try:
        with open(path, encoding='utf-8') as f:
            data = yaml.safe_load(f)
    except OSError as e:
        problems.append(f'{path}: cannot read: {e.strerror}')
        return None
    except yaml.YAMLError as e:
        problems.append(f'{path}: not YAML: {shorten(e)}')
        return None
    if not isinstance(data, dict):
        problems.append(f'{path}: not a mapping at the top')
        return None
    return Document(path, normalise(data))


# --- --openapi ---------------------------------------------------------------------------------

def walk_refs(node, segments, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == '$ref' and isinstance(value, str):
                found.append((pointer_of(segments), value))
            else:
                walk_refs(value, segments + [key], found)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            walk_refs(value, segments + [index], found)


def walk_schemas(node, segments, found):
    """Every schema of the document: components/schemas/* and every `schema` member of an OpenAPI
    object (parameters, headers, media types). Schemas are not descended into, so a property that
    happens to be named `schema` is not taken for one."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == 'schema':
                found.append((pointer_of(segments + [key]), value))
            elif key == 'schemas' and segments == ['components'] and isinstance(value, dict):
                for name, schema in value.items():
                    found.append((pointer_of(segments + [key, name]), schema))
            else:
                walk_schemas(value, segments + [key], found)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            walk_schemas(value, segments + [index], found)


def check_responses_map(doc, responses, where, problems):
    if not isinstance(responses, dict) or not responses:
        problems.append(f'{doc.name}: {where}: no responses')
        return
    for status, response in responses.items():
        if not STATUS_KEY.match(status):
            problems.append(f'{doc.name}: {where}: response key {status!r} is not a status code')
        try:
            response, _ = doc.deref(response, '')
        except KeyError:
            continue  # reported by the $ref check
        if not isinstance(response, dict) or not isinstance(response.get('description'), str):
            problems.append(f'{doc.name}: {where} {status}: a response needs a description')
            continue
        content = response.get('content')
        if content is not None and (not isinstance(content, dict) or not content):
            problems.append(f'{doc.name}: {where} {status}: content must map media types')


def check_openapi(doc, problems):
    data = doc.data
    version = data.get('openapi')
    if not isinstance(version, str) or not re.match(r'^3\.1\.[0-9]+$', version):
        problems.append(f'{doc.name}: openapi must be 3.1.x, got {version!r}')
    info = data.get('info')
    if not isinstance(info, dict) or not isinstance(info.get('title'), str) \
            or not isinstance(info.get('version'), str):
        problems.append(f'{doc.name}: info needs a title and a version (text)')
    paths = data.get('paths')
    if not isinstance(paths, dict) or not paths:
        problems.append(f'{doc.name}: paths is missing or empty')
        paths = {}

    refs = []
    walk_refs(data, [], refs)
    for where, ref in refs:
        if not ref.startswith('#/'):
            problems.append(f'{doc.name}: {where}: $ref {ref} is not local to the file')
            continue
        try:
            doc.lookup(ref[1:])
        except KeyError:
            problems.append(f'{doc.name}: {where}: $ref {ref} does not resolve')

    schemes = ((data.get('components') or {}).get('securitySchemes') or {})
    operation_ids = {}
    for path, item in paths.items():
        if not path.startswith('/'):
            problems.append(f'{doc.name}: path {path!r} does not start with /')
        if not isinstance(item, dict):
            problems.append(f'{doc.name}: path {path}: not a mapping')
            continue
        operations = [m for m in METHODS if m in item]
        if not operations:
            problems.append(f'{doc.name}: path {path}: no operation')
        template = set(re.findall(r'\{([^}/]+)\}', path))
        for method in operations:
            where = f'{method.upper()} {path}'
            operation = item[method]
            if not isinstance(operation, dict):
                problems.append(f'{doc.name}: {where}: not a mapping')
                continue
            check_responses_map(doc, operation.get('responses'), where, problems)
            declared = set()
            for parameter in (item.get('parameters') or []) + (operation.get('parameters') or []):
                try:
                    parameter, _ = doc.deref(parameter, '')
                except KeyError:
                    continue
                if isinstance(parameter, dict) and parameter.get('in') == 'path':
                    declared.add(parameter.get('name'))
                    if parameter.get('required') is not True:
                        problems.append(f'{doc.name}: {where}: path parameter {parameter.get("name")} '
                                        f'must be required')
            for name in sorted(template - declared):
                problems.append(f'{doc.name}: {where}: path parameter {{{name}}} is not declared')
            for name in sorted(n for n in declared - template if n is not None):
                problems.append(f'{doc.name}: {where}: parameter {name} is not in the path')
            operation_id = operation.get('operationId')
            if operation_id is not None:
                if operation_id in operation_ids:
                    problems.append(f'{doc.name}: {where}: operationId {operation_id} is also '
                                    f'{operation_ids[operation_id]}')
                operation_ids[operation_id] = where
            for requirement in operation.get('security', data.get('security')) or []:
                for name in (requirement or {}):
                    if name not in schemes:
                        problems.append(f'{doc.name}: {where}: security scheme {name} is not in '
                                        f'components/securitySchemes')

    fallback = data.get('x-msgxd-fallback') or {}
    for kind in ('unrouted', 'other-method'):
        if kind in fallback:
            check_responses_map(doc, fallback[kind], f'x-msgxd-fallback.{kind}', problems)

    schemas = []
    walk_schemas(data, [], schemas)
    for where, schema in schemas:
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as e:
            at = pointer_of(list(e.absolute_path)) or '/'
            problems.append(f'{doc.name}: {where}: not a valid Draft 2020-12 schema at {at}: '
                            f'{shorten(e.message)}')


# --- --routes ----------------------------------------------------------------------------------

def check_routes(doc, routes_file, problems):
    name = 'stdin' if routes_file == '-' else routes_file
    try:
        if routes_file == '-':
            lines = sys.stdin.read().splitlines()
        else:
            with open(routes_file, encoding='utf-8') as f:
                lines = f.read().splitlines()
    except OSError as e:
        problems.append(f'{name}: cannot read: {e.strerror}')
        return
    served = {}
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith('#'):
            continue
        m = re.match(r'^([A-Z]+) (/\S*)$', text)
        if not m or m.group(1).lower() not in METHODS:
            problems.append(f'{name}:{number}: not "METHOD /path": {shorten(text)}')
            continue
        route = (m.group(1), m.group(2))
        if route in served:
            problems.append(f'{name}:{number}: {route[0]} {route[1]} is listed twice '
                            f'(first at line {served[route]})')
            continue
        served[route] = number
    documented = {(method, path) for method, path, _, _ in doc.operations()}
    for route, number in served.items():
        if route not in documented:
            problems.append(f'{name}:{number}: {route[0]} {route[1]} is served but not in {doc.name}')
    for method, path, _, _ in doc.operations():
        if (method, path) not in served:
            problems.append(f'{doc.name}: {method} {path} is in the file but not served '
                            f'(not in {name})')


# --- --responses -------------------------------------------------------------------------------

def find_responses(doc, method, route):
    """(responses map, its pointer, label) or (None, None, why)."""
    paths = doc.data.get('paths') or {}
    fallback = doc.data.get('x-msgxd-fallback') or {}
    if route == '*':
        if 'unrouted' not in fallback:
            return None, None, 'route "*" but the file has no x-msgxd-fallback.unrouted'
        return fallback['unrouted'], pointer_of(['x-msgxd-fallback', 'unrouted']), 'unrouted'
    if route not in paths or not isinstance(paths[route], dict):
        return None, None, f'route {route} is not a path of {doc.name} (route "*" is a request no route takes)'
    item = paths[route]
    if method.lower() in item and method.lower() in METHODS:
        pointer = pointer_of(['paths', route, method.lower(), 'responses'])
        return item[method.lower()].get('responses') or {}, pointer, 'operation'
    if 'other-method' not in fallback:
        return None, None, f'{method} is not an operation of {route} in {doc.name}'
    return fallback['other-method'], pointer_of(['x-msgxd-fallback', 'other-method']), \
        f'other method ({method} is not an operation of {route})'


def media_type(text):
    parts = [p.strip() for p in text.split(';')]
    params = {}
    for p in parts[1:]:
        if '=' in p:
            key, value = p.split('=', 1)
            params[key.strip().lower()] = value.strip().strip('"').lower()
    return parts[0].lower(), params


def check_one_response(doc, record, where, failures):
    method, route, status = record['method'], record['route'], record['status']
    label = f'{where}: {method} {route} {status}'
    responses, pointer, how = find_responses(doc, method, route)
    if responses is None:
        failures.append(f'{label}: {how}')
        return
    key = next((k for k in (str(status), f'{status // 100}XX', 'default') if k in responses), None)
    if key is None:
        documented = ', '.join(sorted(responses))
        context = '' if how == 'operation' else f' ({how})'
        failures.append(f'{label}: status {status} is not documented{context}; documented: {documented}')
        return
    try:
        response, response_pointer = doc.deref(responses[key], pointer + '/' + escape(key))
    except KeyError as e:
        failures.append(f'{label}: the response does not resolve ({e})')
        return
    content = response.get('content') or {}
    content_type = record.get('content_type')
    body = record.get('body')
    if content:
        if not isinstance(content_type, str) or not content_type.strip():
            failures.append(f'{label}: no content type (documented: {", ".join(content)})')
            return
        base, params = media_type(content_type)
        documented = {k.lower(): k for k in content}
        if base != 'application/json' and not base.endswith('+json'):
            failures.append(f'{label}: content type {content_type!r} is not JSON '
                            f'(documented: application/json; charset=utf-8)')
            return
        if base not in documented:
            failures.append(f'{label}: content type {content_type!r} is not documented '
                            f'(documented: {", ".join(content)})')
            return
        if params.get('charset') != 'utf-8':
            failures.append(f'{label}: content type {content_type!r} does not say charset=utf-8')
        entry = content[documented[base]] or {}
        if 'schema' in entry:
            schema_pointer = response_pointer + '/content/' + escape(documented[base]) + '/schema'
            validator = doc.validator(schema_pointer)
            errors = sorted(validator.iter_errors(body), key=lambda e: [str(p) for p in e.absolute_path])
            for error in errors:
                at = 'body' + pointer_of(list(error.absolute_path))
                message = error.message
                if error.context:
                    best = jsonschema.exceptions.best_match(error.context)
                    message += f' ({"body" + pointer_of(list(best.absolute_path))}: {best.message})'
                failures.append(f'{label}: at {at}: {shorten(message)}')
    elif body is not None:
        failures.append(f'{label}: a body where the file documents none')

    headers = record.get('headers')
    if headers is None:
        return
    if not isinstance(headers, dict):
        failures.append(f'{label}: "headers" must be an object')
        return
    lower = {str(k).lower(): v for k, v in headers.items()}
    for name, value in (doc.data.get('x-msgxd-response-headers') or {}).items():
        got = lower.get(name.lower())
        if got is None or str(got).strip().lower() != str(value).lower():
            failures.append(f'{label}: header {name} must be {value!r}, got {got!r}')
    for name, header in (response.get('headers') or {}).items():
        try:
            header, header_pointer = doc.deref(header, response_pointer + '/headers/' + escape(name))
        except KeyError:
            continue
        got = lower.get(name.lower())
        if got is None:
            if header.get('required'):
                failures.append(f'{label}: header {name} is missing')
            continue
        if 'schema' in header:
            for error in doc.validator(header_pointer + '/schema').iter_errors(got):
                failures.append(f'{label}: header {name}: {shorten(error.message)}')


def check_responses(doc, responses_file, failures):
    name = responses_file
    try:
        with open(responses_file, encoding='utf-8') as f:
            lines = f.read().splitlines()
    except OSError as e:
        failures.append(f'{name}: cannot read: {e.strerror}')
        return 0
    checked = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f'{name}:{number}'
        try:
            record = json.loads(line)
        except ValueError as e:
            failures.append(f'{where}: not JSON: {shorten(e)}')
            continue
        missing = [k for k in ('method', 'route', 'status', 'content_type', 'body')
                   if not isinstance(record, dict) or k not in record]
        if missing:
            failures.append(f'{where}: missing {", ".join(missing)}')
            continue
        if not isinstance(record['method'], str) or not isinstance(record['route'], str) \
                or not isinstance(record['status'], int) or isinstance(record['status'], bool):
            failures.append(f'{where}: method and route must be text, status an integer')
            continue
        record['method'] = record['method'].upper()
        checked += 1
        try:
            check_one_response(doc, record, where, failures)
        except (jsonschema.exceptions.RefResolutionError, KeyError, re.error) as e:
            failures.append(f'{where}: {record["method"]} {record["route"]} {record["status"]}: '
                            f'cannot validate: {shorten(e)}')
    return checked


# --- --markdown --------------------------------------------------------------------------------

def error_codes_of(doc, schema, depth=0):
    """The err_code values a response schema narrows the error body to (const/enum), or None."""
    if not isinstance(schema, dict) or depth > 5:
        return None
    if '$ref' in schema and isinstance(schema['$ref'], str) and schema['$ref'].startswith('#/'):
        try:
            target = doc.lookup(schema['$ref'][1:])
        except KeyError:
            return None
        if schema['$ref'] == '#/components/schemas/Error':
            return None
        return error_codes_of(doc, target, depth + 1)
    err_code = (schema.get('properties') or {}).get('err_code')
    if isinstance(err_code, dict):
        if 'const' in err_code:
            return [err_code['const']]
        if 'enum' in err_code:
            return list(err_code['enum'])
    return None


def response_maps(doc):
    for method, path, operation, pointer in doc.operations():
        if isinstance(operation, dict):
            yield f'{method} {path}', operation.get('responses') or {}
    fallback = doc.data.get('x-msgxd-fallback') or {}
    for kind in ('unrouted', 'other-method'):
        if kind in fallback:
            yield f'x-msgxd-fallback.{kind}', fallback[kind]


def check_markdown(doc, markdown_file, problems):
    name = markdown_file
    try:
        with open(markdown_file, encoding='utf-8') as f:
            text = f.read()
    except OSError as e:
        problems.append(f'{name}: cannot read: {e.strerror}')
        return
    table = {}
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*([0-9]{3})\s*\|', line)
        if m:
            if m.group(1) in table:
                problems.append(f'{name}:{number}: err_code {m.group(1)} is in the table twice')
            table[m.group(1)] = (int(m.group(2)), number)
    try:
        enum = doc.lookup('/components/schemas/Error/properties/err_code/enum')
    except KeyError:
        problems.append(f'{doc.name}: no components/schemas/Error/properties/err_code/enum')
        return
    for code in enum:
        if code not in table:
            problems.append(f'{name}: err_code {code} of {doc.name} is not in the error code table')
    for code, (_, number) in table.items():
        if code not in enum:
            problems.append(f'{name}:{number}: err_code {code} is not in the err_code enum of {doc.name}')
    used = set()
    for where, responses in response_maps(doc):
        for status, response in responses.items():
            try:
                response, _ = doc.deref(response, '')
            except KeyError:
                continue
            for media in (response.get('content') or {}).values():
                codes = error_codes_of(doc, (media or {}).get('schema'))
                for code in codes or []:
                    used.add(code)
                    if code in table and str(table[code][0]) != status:
                        problems.append(f'{doc.name}: {where} answers {code} with {status}, '
                                        f'{name} line {table[code][1]} says {table[code][0]}')
    for code in enum:
        if code not in used:
            problems.append(f'{doc.name}: err_code {code} is answered by no response')
    headings = [line for line in text.splitlines() if line.startswith('#')]
    for method, path, operation, _ in doc.operations():
        named = re.compile(r'(?<![\w/])' + re.escape(f'{method} {path}') + r'(?![\w/{}.-])')
        if not any(named.search(h) for h in headings):
            problems.append(f'{name}: no heading names {method} {path}')
        action = operation.get('x-msgxd-action') if isinstance(operation, dict) else None
        if action and f'`{action}`' not in text:
            problems.append(f'{name}: the action `{action}` of {method} {path} is not named')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--openapi', default=DEFAULT_OPENAPI, metavar='FILE')
    parser.add_argument('--routes', metavar='FILE')
    parser.add_argument('--responses', metavar='FILE.jsonl')
    parser.add_argument('--markdown', metavar='FILE')
    args = parser.parse_args()

    problems = []
    doc = load_document(args.openapi, problems)
    if doc is not None:
        check_openapi(doc, problems)
        if args.routes:
            check_routes(doc, args.routes, problems)
        if args.markdown:
            check_markdown(doc, args.markdown, problems)
        checked = 0
        if args.responses:
            checked = check_responses(doc, args.responses, problems)
    for line in problems:
        print(line)
    if problems:
        return 1
    operations = sum(1 for _ in doc.operations())
    print(f'{doc.name}: {operations} operations, no problems')
    if args.routes:
        print(f'{"stdin" if args.routes == "-" else args.routes}: the same routes as {doc.name}')
    if args.markdown:
        print(f'{args.markdown}: agrees with {doc.name}')
    if args.responses:
        print(f'checked {checked} responses against {operations} operations')
    return 0


if __name__ == '__main__':
    sys.exit(main())
