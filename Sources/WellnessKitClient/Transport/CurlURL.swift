import CCurl
import WellnessKitCore

/// libcurl's own URL parser (curl_url), which is what will fetch the URL.
enum CurlURL {
    /// The host of an absolute URL curl accepts; nil when curl rejects the
    /// URL or it names no host.
    static func host(of url: String) -> String? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        var host: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_HOST, &host, 0) == CURLUE_OK, let host else { return nil }
        defer { curl_free(host) }
        let text = String(cString: host)
        return text.isEmpty ? nil : text
    }
}
