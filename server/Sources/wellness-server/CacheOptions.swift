import ArgumentParser
import WellnessServer

/// What `serve` keeps in memory rather than reading or decrypting again.
struct CacheOptions: ParsableArguments {
    @Option(help: "Seconds an API key's owner and a token revocation are remembered (0: looked up every request).")
    var authCacheTtl = Store.defaultPrincipalLifetime
    @Option(
        help:
            "Insights whose decrypted text is kept in memory, so that reading them again costs no decryption (0: none)."
    )
    var insightCacheSize = Store.defaultOpenedInsights
    @Option(
        help: ArgumentHelp(
            "Megabytes of insight list pages kept in memory, so that a page read again while the list "
                + "is unchanged is not read again (default: \(Store.defaultInsightPageBytes >> 20); 0: none).",
            valueName: "mb"))
    var pageCacheMb: Int?

    func validate() throws {
        guard authCacheTtl.isFinite, authCacheTtl >= 0, authCacheTtl <= Store.maximumPrincipalLifetime else {
            throw ValidationError(
                "--auth-cache-ttl must be between 0 and \(Int(Store.maximumPrincipalLifetime)) seconds")
        }
        guard insightCacheSize >= 0 else { throw ValidationError("--insight-cache-size must be 0 or more") }
        if let pageCacheMb, !(0...ServerConfiguration.maximumPageCacheMegabytes).contains(pageCacheMb) {
            throw ValidationError(
                "--page-cache-mb must be between 0 and \(ServerConfiguration.maximumPageCacheMegabytes)")
        }
    }

    /// Sets the configuration's cache sizes and lifetimes.
    func apply(to configuration: inout ServerConfiguration) {
        configuration.principalLifetime = authCacheTtl
        configuration.openedInsights = insightCacheSize
        configuration.insightPageBytes = pageCacheMb.map { $0 << 20 }
    }
}
