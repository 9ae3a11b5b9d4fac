// Memory a bulk call shares with the threads of ``ParallelSlices``: wrappers
// that may cross into their closures, each thread touching only its own part.

/// A pointer into memory a bulk call owns for its duration, handed to the
/// threads of ``ParallelSlices``: each writes only its own slice, and the call
/// joins them before reading.
package struct SharedPointer<Element>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<Element>

    package init(_ base: UnsafeMutablePointer<Element>) {
        self.base = base
    }

    package subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

/// A buffer a bulk call borrows or owns for its duration, handed to the
/// threads of ``ParallelSlices`` (as ``SharedPointer``).
package struct SharedBuffer<Element>: @unchecked Sendable {
    package let buffer: UnsafeMutableBufferPointer<Element>

    package init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}

/// A caller's column, borrowed for a bulk call and read by the threads of
/// ``ParallelSlices``, which the call joins before returning.
package struct SharedColumn<Element>: @unchecked Sendable {
    package let buffer: UnsafeBufferPointer<Element>

    package init(_ buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    package var count: Int { buffer.count }

    package subscript(index: Int) -> Element { buffer[index] }
}
