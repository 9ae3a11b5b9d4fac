/// The structured-output mode in use: `json_schema` falls back to
/// `json_object` for good once the provider refuses it.
actor OutputMode {
    private(set) var current: ProviderConfiguration.StructuredOutput

    init(_ mode: ProviderConfiguration.StructuredOutput) {
        current = mode
    }

    func fallBack() {
        if current == .jsonSchema { current = .jsonObject }
    }
}
