import ArgumentParser

/// `wellness-server [serve] ...` runs the server; `wellness-server
/// rotate-token-key` rotates the key that signs tokens; `wellness-server keys`
/// manages a user's API keys; `erase-user` and `export-user` answer a
/// user's request for their data that came by mail.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellness-server", abstract: "The WellnessKit reference backend.",
        subcommands: [
            Serve.self, RotateTokenKey.self, Seed.self, Keys.self, EraseUser.self, ExportUser.self, BenchBare.self,
        ],
        defaultSubcommand: Serve.self)
}
