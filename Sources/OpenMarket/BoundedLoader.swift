import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads answers for ``MarketClient`` through its session's delegate, at most `limit` bytes each:
/// an answer that announces or reaches more is cancelled as it arrives with
/// ``MarketError/tooLarge(url:limit:)``, so memory stays bounded whatever the server sends.
final class BoundedLoader: NSObject, URLSessionDataDelegate, Sendable {
    let limit: Int
    /// The answers under way, by task.
    private let pending = Mutex<[Int: Pending]>([:])

    private struct Pending {
        let url: String
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var data = Data()
        var response: URLResponse?
    }

    init(limit: Int) {
        self.limit = limit
    }

    /// The body and response of `request`; cancelling the calling task cancels the request.
    func load(_ request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let task = session.dataTask(with: request)
        let url = request.url?.absoluteString ?? ""
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(url: url, continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(limit) {
            fail(dataTask)
            completionHandler(.cancel)
            return
        }
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: Bool = pending.withLock { pending in
            guard var entry = pending[dataTask.taskIdentifier] else { return false }
            guard entry.data.count + data.count <= limit else { return true }
            entry.data.append(data)
            pending[dataTask.taskIdentifier] = entry
            return false
        }
        if tooLarge { fail(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response ?? task.response {
            entry.continuation.resume(returning: (entry.data, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Ends a request that is too large: the caller gets the error at once, the transfer stops.
    private func fail(_ task: URLSessionTask) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.continuation.resume(throwing: MarketError.tooLarge(url: entry.url, limit: limit))
        task.cancel()
    }
}
