/**
 * The web app's screens arrive with the web-app issue; until then the server's own pages are
 * the way in: the API reference and the health check.
 */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' }}>
      <h1>Expense Tracker</h1>
      <p>The API is running. The web screens are not part of this build yet.</p>
      <ul>
        <li>
          <a href="/api/docs">API reference</a>
        </li>
        <li>
          <a href="/api/health">Health check</a>
        </li>
      </ul>
    </main>
  );
}
