import Testing

// Placeholder until the module's tests land; delete when adding real tests.
