import LuaRuntime
import SheetScripting

/// The REPL's helpers that must run inside Lua: the value printer (tables
/// may be cyclic, have any keys, or be read-only proxies, none of which
/// cross into Swift), the runner that prints what an input returns, and the
/// listing of globals and fields for tab completion.
///
/// The helpers are one chunk loaded in the session's environment: they see
/// the user's globals through `_ENV` and define none (locals only).
final class ReplLua {
    /// Calls a compiled input and returns its results rendered, tab-separated, or nil for none.
    private let run: LuaFunction
    /// Lists the fields (or methods) of what a compiled expression returns.
    private let fields: LuaFunction
    /// Lists the user's globals and those of the given names that exist.
    private let globals: LuaFunction
    private let runtime: LuaRuntime

    /// The longest printed result kept; the rest is cut.
    static let maximumOutput = 40_000

    /// Loads the helpers into `environment`.
    /// - Throws: `LuaError` if the helper chunk cannot be loaded (out of memory).
    init(runtime: LuaRuntime, environment: LuaEnvironment) throws(LuaError) {
        self.runtime = runtime
        let chunk = try runtime.load(source: ReplLua.source, chunkName: "=repl", in: environment)
        let table = try runtime.call(chunk).first?.tableValue
        guard let run = table?["run"].functionValue, let fields = table?["fields"].functionValue,
            let globals = table?["globals"].functionValue
        else {
            throw LuaError(.runtime, "the REPL's Lua helpers did not load")
        }
        self.run = run
        self.fields = fields
        self.globals = globals
    }

    /// Runs a compiled input under `budget` and renders what it returns.
    /// - Returns: the rendered results separated by tabs, or nil when it returned nothing.
    /// - Throws: the input's `LuaError` (runtime error, budget, interrupt).
    func evaluate(_ chunk: LuaFunction, budgetMilliseconds: Int) throws(LuaError) -> String? {
        let results = try runtime.call(run, [.function(chunk)], budgetMilliseconds: budgetMilliseconds)
        guard let text = results.first?.stringValue else { return nil }
        return ReplLua.cut(text)
    }

    /// The string, cut to `maximumOutput` characters with a note.
    static func cut(_ text: String) -> String {
        guard text.count > maximumOutput else { return text }
        return String(text.prefix(maximumOutput)) + "\n... (output cut at \(maximumOutput) characters)"
    }

    /// Field names of what `expression` (compiled as `return <expression>`) gives;
    /// functions end with "(". With `methods`, only functions (and, for a
    /// string, the string library). Empty when the expression fails.
    func fieldNames(of expression: LuaFunction, methods: Bool) -> [String] {
        strings(try? runtime.call(fields, [.function(expression), .boolean(methods)], budgetMilliseconds: 200))
    }

    /// The user's globals plus those of `candidates` that exist; functions end with "(".
    func globalNames(_ candidates: [String]) -> [String] {
        let list = LuaValue.table(LuaTable(array: candidates.map { .string(LuaString($0)) }))
        return strings(try? runtime.call(globals, [list], budgetMilliseconds: 200))
    }

    private func strings(_ results: [LuaValue]?) -> [String] {
        guard let array = results?.first?.tableValue?.array else { return [] }
        return array.compactMap(\.stringValue)
    }

    /// The helpers, in Lua. Every name is captured as a local when the chunk
    /// loads, so user globals cannot change how values print.
    static let source = #"""
        local pairs, ipairs, type, tostring, select, pcall, rawget, getmetatable, next =
          pairs, ipairs, type, tostring, select, pcall, rawget, getmetatable, next
        local sort, concat, format, mathtype, stringlib = table.sort, table.concat, string.format, math.type, string
        local env = _ENV

        local MAX_DEPTH, MAX_ITEMS, WIDTH, MAX_STRING = 5, 60, 78, 2000

        local keywords = {}
        for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
          keywords[word] = true
        end

        local escapes = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"', ["\\"] = "\\\\" }
        local function quote(s)
          local more = ""
          if #s > MAX_STRING then
            more = "... (" .. (#s - MAX_STRING) .. " more bytes)"
            s = s:sub(1, MAX_STRING)
          end
          s = s:gsub('[%c"\\]', function(c) return escapes[c] or format("\\%03d", c:byte()) end)
          return '"' .. s .. '"' .. more
        end

        local function scalar(v)
          if type(v) == "string" then return quote(v) end
          return tostring(v)
        end

        local function isname(k)
          return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil and not keywords[k]
        end

        local function keytext(k)
          if isname(k) then return k end
          return "[" .. scalar(k) .. "]"
        end

        local rank = { number = 1, string = 2 }
        local function keyorder(a, b)
          local ra, rb = rank[type(a)] or 3, rank[type(b)] or 3
          if ra ~= rb then return ra < rb end
          if ra == 3 then return tostring(a) < tostring(b) end
          return a < b
        end

        local function render(v, indent, depth, visiting)
          if type(v) ~= "table" then return scalar(v) end
          local mt = getmetatable(v)
          if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
          if visiting[v] then return "<cycle>" end
          local n = 0
          while n < 100000 and v[n + 1] ~= nil do n = n + 1 end
          local others = {}
          for k in pairs(v) do
            if not (mathtype(k) == "integer" and k >= 1 and k <= n) then others[#others + 1] = k end
          end
          local total = n + #others
          if total == 0 then return "{}" end
          if depth >= MAX_DEPTH then return "{...}" end
          sort(others, keyorder)
          visiting[v] = true
          local parts, inner = {}, indent .. "  "
          for i = 1, n do
            if #parts >= MAX_ITEMS then break end
            parts[#parts + 1] = render(v[i], inner, depth + 1, visiting)
          end
          for _, k in ipairs(others) do
            if #parts >= MAX_ITEMS then break end
            parts[#parts + 1] = keytext(k) .. " = " .. render(v[k], inner, depth + 1, visiting)
          end
          visiting[v] = nil
          if total > #parts then parts[#parts + 1] = "... (" .. (total - #parts) .. " more)" end
          local line = "{" .. concat(parts, ", ") .. "}"
          if #indent + #line <= WIDTH and not line:find("\n", 1, true) then return line end
          return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. ",\n" .. indent .. "}"
        end

        local function show(v)
          local ok, text = pcall(render, v, "", 0, {})
          if ok then return text end
          local ok2, plain = pcall(tostring, v)
          return ok2 and plain or ("<" .. type(v) .. ">")
        end

        local function results(...)
          local n = select("#", ...)
          if n == 0 then return nil end
          local parts = {}
          for i = 1, n do parts[i] = show((select(i, ...))) end
          return concat(parts, "\t")
        end

        local pack, unpack = table.pack, table.unpack
        -- `_` holds the first value the last input returned, as in Lua-like REPLs.
        local function run(f)
          local r = pack(f())
          if r.n > 0 then env._ = r[1] end
          return results(unpack(r, 1, r.n))
        end

        local function collect(add, t)
          local depth = 0
          while type(t) == "table" and depth < 4 do
            for k, v in pairs(t) do add(k, v) end
            local mt = getmetatable(t)
            if type(mt) ~= "table" then break end
            local index = rawget(mt, "__index")
            if type(index) ~= "table" then break end
            t, depth = index, depth + 1
          end
        end

        local function lister(methods)
          local out, seen = {}, {}
          local function add(k, v)
            if not isname(k) or seen[k] then return end
            local isfunction = type(v) == "function"
            if methods and not isfunction then return end
            seen[k] = true
            out[#out + 1] = isfunction and (k .. "(") or k
          end
          return out, add
        end

        local function fields(f, methods)
          local ok, v = pcall(f)
          if not ok then return {} end
          local out, add = lister(methods)
          if type(v) == "string" then v = stringlib end
          collect(add, v)
          sort(out)
          return out
        end

        local function globals(names)
          local out, add = lister(false)
          for k, v in next, env do add(k, v) end
          for _, k in ipairs(names) do
            local v = env[k]
            if v ~= nil then add(k, v) end
          end
          sort(out)
          return out
        end

        return { run = run, fields = fields, globals = globals }
        """#
}
