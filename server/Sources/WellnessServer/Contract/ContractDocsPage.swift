import WellnessKitCore
import Yams

/// The human-readable page of the OpenAPI contract, `GET /docs`: every
/// operation with its parameters, body and responses, then every schema.
///
/// Rendered here rather than by Swagger UI or Redoc, which are JavaScript
/// applications loaded from a CDN or vendored as megabytes of bundles: the
/// page must be served locally and stay readable without scripts.
enum ContractDocsPage {
    /// The page, rendered once from ``OpenAPIContract/yaml``.
    static let html: String =
        (try? render(OpenAPIContract.yaml)) ?? """
            <!doctype html><title>API</title><p>The contract could not be read; it is at <a href="/openapi.yaml">/openapi.yaml</a>.
            """

    private static let methods = ["get", "put", "post", "patch", "delete", "head"]

    /// - Throws: when `yaml` is not YAML.
    static func render(_ yaml: String) throws -> String {
        guard let root = try Yams.compose(yaml: yaml) else { return "" }
        let title = escape(root["info"]?["title"]?.string ?? "API")
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(style)</style></head><body>
            \(operationIndex(root))<div class="content">
            <header><h1>\(title) <small>\(escape(root["info"]?["version"]?.string ?? ""))</small></h1>
            <p>\(escape(root["info"]?["description"]?.string ?? ""))</p>
            <p>The machine-readable contract: <a href="/openapi.yaml">/openapi.yaml</a> (OpenAPI \(escape(root["openapi"]?.string ?? ""))).</p></header>
            """
        page += "<main><h2>Operations</h2>"
        for (path, item) in root["paths"]?.mapping ?? [:] {
            for method in methods {
                guard let operation = item[method] else { continue }
                page += self.operation(method: method, path: path.string ?? "", operation, in: root)
            }
        }
        page += "<h2 id=\"schemas\">Schemas</h2>"
        for (name, schema) in root["components"]?["schemas"]?.mapping ?? [:] {
            page += self.schema(name: name.string ?? "", schema)
        }
        return page + "</main></div></body></html>\n"
    }

    private static func operationIndex(_ root: Node) -> String {
        var index = "<nav><ul>"
        for (path, item) in root["paths"]?.mapping ?? [:] {
            for method in methods {
                guard let operation = item[method] else { continue }
                index +=
                    "<li><a href=\"#\(anchor(operation, method, path.string ?? ""))\"><span class=\"m \(method)\">"
                    + "\(method.uppercased())</span> \(escape(path.string ?? ""))</a></li>"
            }
        }
        return index + "<li><a href=\"#schemas\">Schemas</a></li></ul></nav>"
    }

    private static func anchor(_ operation: Node, _ method: String, _ path: String) -> String {
        escape(operation["operationId"]?.string ?? "\(method)-\(path)")
    }

    private static func operation(method: String, path: String, _ operation: Node, in root: Node) -> String {
        var html =
            "<section id=\"\(anchor(operation, method, path))\"><h3><span class=\"m \(method)\">\(method.uppercased())</span>"
            + " <code>\(escape(path))</code></h3>"
        if let summary = operation["summary"]?.string { html += "<p><b>\(escape(summary))</b></p>" }
        if let description = operation["description"]?.string { html += "<p>\(escape(description))</p>" }
        let open = operation["security"]?.sequence?.isEmpty == true || root["security"] == nil
        html += "<p class=\"auth\">Authentication: \(open ? "none" : "X-API-Key or Authorization: Bearer")</p>"
        let parameters = (operation["parameters"]?.sequence ?? []).map { resolve($0, in: root) }
        if !parameters.isEmpty {
            html += "<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr>"
            for parameter in parameters {
                let required = parameter["required"]?.bool == true ? " <i>required</i>" : ""
                html +=
                    "<tr><td><code>\(escape(parameter["name"]?.string ?? ""))</code>\(required)</td>"
                    + "<td>\(escape(parameter["in"]?.string ?? ""))</td><td>\(type(of: parameter["schema"]))</td>"
                    + "<td>\(escape(parameter["description"]?.string ?? ""))</td></tr>"
            }
            html += "</table>"
        }
        if let body = operation["requestBody"].map({ resolve($0, in: root) }) {
            html += "<p>Request body: \(content(body["content"]))</p>"
        }
        html += "<table><tr><th>Status</th><th>Response</th></tr>"
        let responses = (operation["responses"]?.mapping ?? [:]).sorted {
            ($0.key.string ?? "") < ($1.key.string ?? "")
        }
        for (status, response) in responses {
            let resolved = resolve(response, in: root)
            html +=
                "<tr><td>\(escape(status.string ?? ""))</td><td>\(escape(resolved["description"]?.string ?? ""))"
                + (resolved["content"].map { " — " + content($0) } ?? "") + "</td></tr>"
        }
        return html + "</table></section>"
    }

    private static func content(_ content: Node?) -> String {
        (content?.mapping ?? [:]).map { mediaType, media in
            "<code>\(escape(mediaType.string ?? ""))</code> \(type(of: media["schema"]))"
        }.joined(separator: ", ")
    }

    private static func schema(name: String, _ schema: Node) -> String {
        var html = "<section id=\"schema-\(escape(name))\"><h3>\(escape(name))</h3>"
        if let description = schema["description"]?.string { html += "<p>\(escape(description))</p>" }
        guard let properties = schema["properties"]?.mapping else {
            return html + "<p>\(type(of: schema))</p></section>"
        }
        let required = Set((schema["required"]?.sequence ?? []).compactMap(\.string))
        html += "<table><tr><th>Field</th><th>Type</th><th>Description</th></tr>"
        for (field, property) in properties {
            let key = field.string ?? ""
            html +=
                "<tr><td><code>\(escape(key))</code>\(required.contains(key) ? " <i>required</i>" : "")</td>"
                + "<td>\(type(of: property))</td><td>\(escape(property["description"]?.string ?? ""))</td></tr>"
        }
        return html + "</table></section>"
    }

    /// A schema's type in a few words, linking named schemas.
    private static func type(of schema: Node?) -> String {
        guard let schema else { return "" }
        if let reference = schema["$ref"]?.string {
            let name = String(reference.split(separator: "/").last ?? "")
            return "<a href=\"#schema-\(escape(name))\">\(escape(name))</a>"
        }
        for combinator in ["oneOf", "anyOf", "allOf"] {
            if let options = schema[combinator]?.sequence {
                return options.map { type(of: $0) }.joined(separator: combinator == "allOf" ? " &amp; " : " | ")
            }
        }
        var text =
            schema["type"].map { node in
                node.sequence.map { $0.compactMap(\.string).joined(separator: " | ") } ?? node.string ?? ""
            } ?? "any"
        if text.hasPrefix("array") { text = "array of " + type(of: schema["items"]) + text.dropFirst(5) }
        var html = text.hasPrefix("array of ") ? text : escape(text)
        if let format = schema["format"]?.string { html += " (\(escape(format)))" }
        if let values = schema["enum"]?.sequence {
            html += ": " + values.map { "<code>\(escape($0.string ?? "null"))</code>" }.joined(separator: ", ")
        }
        for (key, word) in [("minimum", "≥"), ("maximum", "≤"), ("minLength", "length ≥"), ("maxLength", "length ≤")] {
            if let bound = schema[key]?.string { html += ", \(word) \(escape(bound))" }
        }
        if let properties = schema["properties"]?.mapping {
            let required = Set((schema["required"]?.sequence ?? []).compactMap(\.string))
            html +=
                " {"
                + properties.map { field, property in
                    let name = field.string ?? ""
                    return "<code>\(escape(name))\(required.contains(name) ? "" : "?")</code>: \(type(of: property))"
                }.joined(separator: ", ") + "}"
        }
        return html
    }

    /// The component a `$ref` names, or the node itself.
    private static func resolve(_ node: Node, in root: Node) -> Node {
        guard let reference = node["$ref"]?.string, reference.hasPrefix("#/") else { return node }
        var target: Node? = root
        for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
        return target ?? node
    }

    static func escape(_ text: String) -> String {
        text.markupEscaped
    }

    private static let style = """
        body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1d1d1f}
        nav{width:300px;height:100vh;overflow:auto;position:sticky;top:0;background:#f5f5f7;font-size:13px;flex:none}
        nav ul{list-style:none;padding:8px;margin:0}nav a{color:inherit;text-decoration:none;display:block;padding:2px 4px}
        .content{padding:0 24px 24px;max-width:1000px;min-width:0}
        section{border-top:1px solid #ddd;padding:8px 0}table{border-collapse:collapse;margin:6px 0;width:100%}
        th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}th{background:#fafafa}
        code{font:13px ui-monospace,monospace}.m{font:bold 11px ui-monospace,monospace;padding:1px 4px;border-radius:3px;color:#fff}
        .get{background:#0a7d32}.post{background:#0b5cad}.put,.patch{background:#a05a00}.delete{background:#b3261e}.head{background:#555}
        .auth{color:#555;font-size:13px}small{color:#777;font-weight:normal}
        """
}
