/** Where the game carousels will be, in their own sizes, while their code or the wallet arrives. */
export function CarouselsPlaceholder() {
  return (
    <div className="stack" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="games-placeholder">
          <div className="skeleton skeleton--line skeleton--heading" />
          <div className="games-placeholder__row">
            <div className="skeleton game-card-size" />
            <div className="skeleton game-card-size" />
            <div className="skeleton game-card-size" />
          </div>
        </div>
      ))}
    </div>
  );
}
