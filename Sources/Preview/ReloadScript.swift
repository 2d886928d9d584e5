/// The few lines of JavaScript added to every page `sitegen serve` sends (never to built files).
///
/// They listen on ``EventHub/path``: `reload` reloads the page; `build-error` shows the error
/// overlay at once; `hello`, sent on every (re)connection, reloads the page when the server's
/// version differs from the page's — after a restart, or a build the tab missed while offline.
enum ReloadScript {
    /// The `<script>` element for a page served at `version`.
    static func element(version: String) -> String {
        """
        <script>
        (() => {
          const events = new EventSource("\(EventHub.path)");
          events.addEventListener("hello", (e) => { if (e.data !== "\(version)") location.reload(); });
          events.addEventListener("reload", () => location.reload());
          events.addEventListener("build-error", (e) => {
            document.getElementById("\(ErrorOverlay.elementID)")?.remove();
            document.body.insertAdjacentHTML("beforeend", JSON.parse(e.data).html);
          });
        })();
        </script>
        """
    }
}
