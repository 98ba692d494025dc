#!/usr/bin/env python3
"""Fails when the engine's sources hold state shared between calls.

The engine promises that it keeps no global mutable state: whatever a call
needs between steps lives in objects its caller owns (docs/architecture.md).
This check reads every C++ file under the given directories and names, by
file and line, each
  - `thread_local` variable, const or not;
  - variable of static storage that is neither const nor constexpr: a
    function-local `static`, a `static` data member, or any variable at
    namespace scope (with or without `static`, `inline` or `extern`).
A pointer counts as const only when the pointer itself is (`T* const`).

It is a reader of C++ declarations, not a compiler: it drops comments,
literals and preprocessor lines, follows braces to know whether it is in a
namespace, a class or a function, and judges each declaration by its
tokens. Most cases it gets wrong err towards silence (a namespace-scope
variable initialised with parentheses reads as a function declaration, a
variable declared after a class body is not seen); one errs the other way (a
static member function of a class defined inside a function reads as a
variable). The built-in cases below pin down what it must catch and what it
must let be; they run first on every call.

Usage: no_global_state.py DIR_OR_FILE...   (exit status 1 when anything is found)
"""

import os
import re
import sys

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".inc")

# --- Tokens --------------------------------------------------------------------

IDENT = re.compile(r"[A-Za-z_0-9]")
RAW_PREFIXES = ("R", "u8R", "uR", "UR", "LR")


def tokens(text):
    """The tokens of C++ source as (text, line): identifiers and numbers whole,
    '::' and '->' as one token, other punctuation one character each; comments
    and preprocessor lines dropped, every literal one token '"'."""
    out = []
    i, n, line = 0, len(text), 1
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "#" and at_line_start:  # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                elif text.startswith("/*", i):
                    end = text.find("*/", i + 2)
                    end = n if end < 0 else end + 2
                    line += text.count("\n", i, end)
                    i = end
                    continue
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        if IDENT.match(c):
            j = i
            while j < n and (IDENT.match(text[j]) or
                             # a digit separator: 1'000
                             (text[j] == "'" and text[i].isdigit() and j + 1 < n and
                              IDENT.match(text[j + 1]))):
                j += 1
            word = text[i:j]
            if j < n and text[j] == '"' and word in RAW_PREFIXES:  # R"delim( ... )delim"
                open_paren = text.find("(", j)
                delim = text[j + 1:open_paren]
                end = text.find(")" + delim + '"', open_paren)
                end = n if end < 0 else end + len(delim) + 2
                out.append(('"', line))
                line += text.count("\n", i, end)
                i = end
                continue
            if j < n and text[j] in "\"'" and word in ("u8", "u", "U", "L"):
                i = j  # an encoding prefix: the literal follows
                continue
            out.append((word, line))
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(('"', line))
            i = j + 1
            continue
        if text.startswith("::", i) or text.startswith("->", i):
            out.append((text[i:i + 2], line))
            i += 2
            continue
        out.append((c, line))
        i += 1
    return out


# --- Declarations --------------------------------------------------------------

NAMESPACE, CLASS, BLOCK, INIT = "namespace", "class", "block", "init"
NOT_VARIABLES = {"using", "typedef", "friend", "static_assert", "namespace", "class",
                 "struct", "union", "enum", "concept", "return"}
ACCESS = {"public", "private", "protected"}


def skip_group(stmt, i, opening, closing):
    """The index just past the balanced group of `opening`/`closing` tokens that
    starts at stmt[i]."""
    depth = 0
    while i < len(stmt):
        depth += {opening: 1, closing: -1}.get(stmt[i][0], 0)
        i += 1
        if depth == 0:
            break
    return i


def strip_noise(stmt):
    """The statement without attributes ([[...]], alignas(...), __attribute__((...)))
    and without its leading template header."""
    out = []
    i = 0
    while i < len(stmt):
        t = stmt[i][0]
        following = stmt[i + 1][0] if i + 1 < len(stmt) else None
        if t == "[" and following == "[":
            i = skip_group(stmt, i, "[", "]")
        elif t in ("alignas", "__attribute__", "__declspec") and following == "(":
            i = skip_group(stmt, i + 1, "(", ")")
        elif t == "template" and not out and following == "<":
            i = skip_group(stmt, i + 1, "<", ">")
        else:
            out.append(stmt[i])
            i += 1
    return out


def declarator_head(stmt):
    """The tokens of a declaration before its initializer or array bounds, and
    whether a '(' at the top level comes first (a function, at namespace and
    class scope)."""
    head = []
    angle = 0
    for t, _ in stmt:
        if t == "operator":
            return head, True  # its name may hold '=', '<' or '('
        if t == "<":
            angle += 1
        elif t == ">" and angle:
            angle -= 1
        elif angle == 0 and t in ("=", "{", "{}", "[", ";", ":"):
            return head, False
        elif angle == 0 and t == "(":
            return head, True
        head.append(t)
    return head, False


def const_object(head):
    """Whether the declared object cannot change: constexpr, or const with no
    '*' after the last const (a pointer to const may be pointed elsewhere)."""
    if "constexpr" in head:
        return True
    if "const" not in head:
        return False
    last = len(head) - 1 - head[::-1].index("const")
    return "*" not in head[last:]


class Scanner:
    def __init__(self, path):
        self.path = path
        self.found = []

    def report(self, line, what):
        self.found.append((self.path, line, what))

    def namespace_statement(self, stmt, kind):
        """A statement at namespace or class scope, ended by ';'."""
        stmt = strip_noise(stmt)
        while len(stmt) >= 2 and stmt[0][0] in ACCESS and stmt[1][0] == ":":
            stmt = stmt[2:]
        if not stmt:
            return
        line = stmt[0][1]
        words = [t for t, _ in stmt]
        if "thread_local" in words:
            self.report(line, "thread_local variable")
            return
        if words[0] in NOT_VARIABLES:
            return
        head, function = declarator_head(stmt)
        if function or not head:
            return
        if kind == CLASS and "static" not in head:
            return  # a member of each object
        if not const_object(head):
            what = "static data member" if kind == CLASS else "namespace-scope variable"
            self.report(line, f"mutable {what} '{head[-1]}'")

    def block_static(self, toks, k):
        """toks[k] is 'static' or 'thread_local' inside a function: a variable."""
        word, line = toks[k]
        if word == "thread_local":
            self.report(line, "thread_local variable")
            return
        j = k
        while j < len(toks) and toks[j][0] not in (";", "{", "}"):
            j += 1
        head, _ = declarator_head(toks[k:j + 1])
        if "thread_local" in head:
            return  # reported at its own token
        if not const_object(head):
            name = head[-1] if head else "?"
            self.report(line, f"mutable function-local static '{name}'")

    def scan(self, text):
        toks = tokens(text)
        scopes = [NAMESPACE]
        stmt = []  # the statement being read at namespace or class scope
        stmts = []  # the statements of the enclosing scopes
        for k, (t, line) in enumerate(toks):
            kind = scopes[-1]
            if kind in (BLOCK, INIT):
                if t in ("static", "thread_local"):
                    self.block_static(toks, k)
                elif t == "{":
                    scopes.append(kind)
                elif t == "}":
                    scopes.pop()
                    if scopes[-1] in (NAMESPACE, CLASS):
                        closed = kind
                        stmt = stmts.pop()
                        if closed == INIT:
                            stmt.append(("{}", line))
                        else:
                            stmt = []  # a function body ends its definition
                continue
            # Namespace or class scope.
            if t == ";":
                self.namespace_statement(stmt, kind)
                stmt = []
            elif t == ":" and len(stmt) == 1 and stmt[0][0] in ACCESS:
                stmt = []
            elif t == "{":
                words = [w for w, _ in strip_noise(stmt)]
                head, function = declarator_head(stmt)
                open_parens = sum({"(": 1, ")": -1}.get(w, 0) for w in words)
                if open_parens > 0 or words[-1:] == ["="]:  # f(const D& d = {}), x = {
                    scopes.append(INIT)
                    stmts.append(stmt)
                    stmt = []
                elif "namespace" in words or words == ["extern", '"']:
                    scopes.append(NAMESPACE)
                    stmts.append([])
                    stmt = []
                elif "enum" in words[:3]:
                    stmts.append(stmt)
                    stmt = []
                    scopes.append(INIT)
                elif any(w in ("class", "struct", "union") for w in words) and \
                        "=" not in words and not function:
                    scopes.append(CLASS)
                    stmts.append(stmt + [("{}", line)])
                    stmt = []
                elif function or not words:
                    scopes.append(BLOCK)
                    stmts.append([])
                    stmt = []
                else:
                    scopes.append(INIT)
                    stmts.append(stmt)
                    stmt = []
            elif t == "}":
                if len(scopes) > 1:
                    closed = scopes.pop()
                    stmt = stmts.pop()
                    if closed == NAMESPACE:
                        stmt = []
            else:
                stmt.append((t, line))
        return self.found


# --- What it must catch, and what it must let be ---------------------------------

MUST_CATCH = {
    "thread_local int x;": 1,
    "void f() { thread_local std::vector<int> v; }": 1,
    "void f() { static std::mutex m; }": 1,
    "void f() { static std::atomic<std::uint64_t> next{1}; }": 1,
    "void f() { static std::unique_ptr<G> table[3][3]; }": 1,
    "void f() { static const char* names[] = {\"a\"}; }": 1,
    "void f() { auto g = [] { static int calls = 0; }; }": 1,
    "namespace { int counter = 0; }": 1,
    "namespace a::b { std::vector<int> cache; }": 1,
    "static std::map<int, int> memo;": 1,
    "inline int shared_count;": 1,
    "struct S { static int count_; };": 1,
    "struct S { static Cache& c() { thread_local Cache held; return held; } };": 1,
    "struct S { int f() const { static int n; return n; } };": 1,
    "class C { public: C() : a_{1} {} static void g() { static int z; } };": 1,
    "std::atomic<int> S::count{0};": 1,
    "extern \"C\" int exported_flag;": 1,
    "template <class T> struct X { void f() { static T t; } };": 1,
}
MUST_PASS = [
    "static int f(int x);",
    "static int f(int x) { return x; }",
    "namespace { constexpr int kX = 3; const std::array<int, 2> kY = {{1, 2}}; }",
    "void f() { static constexpr std::string_view kL[] = {\"a\"}; }",
    "void f() { static const Cpu detected; static const char* const kS = \"x\"; }",
    "void f() { static const std::array<int, 2> k = [] { return std::array<int, 2>{}; }(); }",
    "struct S { static constexpr int kN = 1; static bool on(int id) { return id & 1; } "
    "int member_ = 0; std::vector<int> v_; };",
    "class C { public: explicit C(int a) : a_(a), b_{a} {} private: int a_, b_; };",
    "enum class E : int { a, b };",
    "using Mask = std::uint32_t;",
    "template <class T> T twice(T x) { return 2 * x; }",
    "int f() { return static_cast<int>(1'000); }",
    "extern \"C\" { int g(void); }",
    "extern \"C\" int entry(const char* p) { int none = 0; return none; }",
    "bool operator==(const A&, const A&) = default;",
    "std::optional<Grid> fill(const G& g, const Deadline& deadline = {});",
    "struct S { void f(Options o = {}, int threads = 1); };",
    "struct S { S(const S&) = delete; S& operator=(const S&) = delete; };",
    "const char* const kName = \"x\";  // static int y; \n /* thread_local */",
    "#define X(a) static int a;\nint f();",
    "const std::string kRaw = R\"(static int x; thread_local)\";",
]


def self_test():
    failures = []
    for code, count in MUST_CATCH.items():
        found = Scanner("<case>").scan(code)
        if len(found) != count:
            failures.append(f"should find {count}, found {len(found)}: {code}")
    for code in MUST_PASS:
        found = Scanner("<case>").scan(code)
        if found:
            failures.append(f"should find nothing, found {found[0][2]}: {code}")
    return failures


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(root, name)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    broken = self_test()
    if broken:
        print("no_global_state.py misreads its own cases:", file=sys.stderr)
        for b in broken:
            print("  " + b, file=sys.stderr)
        return 2
    found = []
    count = 0
    for path in sources(argv[1:]):
        count += 1
        with open(path, encoding="utf-8") as f:
            found += Scanner(path).scan(f.read())
    for path, line, what in found:
        print(f"{path}:{line}: {what}: the engine keeps no global mutable state; "
              "keep it in an object the caller owns and passes down", file=sys.stderr)
    if found:
        print(f"{len(found)} finding(s) in {count} files", file=sys.stderr)
        return 1
    print(f"no thread_local and no mutable static in {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
