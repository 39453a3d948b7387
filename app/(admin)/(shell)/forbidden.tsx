/** What a signed-in user without the page's permission sees instead of it. */
export function Forbidden({ title, permission }: { title: string; permission: string }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="card empty-state" role="note">
        <p className="empty-state-title">You do not have access to this page.</p>
        <p>
          It needs the <code>{permission}</code> permission. Ask an administrator if you should have it.
        </p>
      </div>
    </>
  );
}
