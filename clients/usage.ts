// A tiny program against the TypeScript client (openapi-typescript types + openapi-fetch):
// scripts/generate-clients type-checks it (tsc --noEmit --strict); it is not run. A route, a
// parameter or a body shape the schema no longer has fails the check.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type DeckIn = components["schemas"]["DeckInRequest"];

export async function tour(baseUrl: string, token: string): Promise<number> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Token ${token}` } });

  const cards = await api.GET("/api/cards/", { params: { query: { game: "vanguard", q: "Blaster", pageSize: 10 } } });
  const first: string | undefined = cards.data?.results[0]?.stableCardId;

  const bySections: DeckIn = { game: "vanguard", sections: { main: [{ card: first ?? "VG-TD01-001", count: 4 }] } };
  const byDecklist: DeckIn = { game: "vanguard", decklist: "main:\n4 Blaster Blade" };
  for (const body of [bySections, byDecklist]) {
    const checked = await api.POST("/api/decks/validate/", { body });
    const legal: boolean | undefined = checked.data?.legal;
    void legal;
  }
  const deck = await api.POST("/api/decks/", { body: byDecklist });
  const table = await api.POST("/api/tables/", {
    body: { mode: "free", deck: deck.data?.id ?? 1, opponentDeck: deck.data?.id ?? 1, seed: 1 },
  });
  const id = table.data?.id ?? 1;
  await api.POST("/api/tables/{id}/events/", {
    params: { path: { id } },
    body: { kind: "note", expectedSeq: 0, text: "hello" },
  });
  const view = await api.GET("/api/tables/{id}/", { params: { path: { id } } });
  const face = await api.GET("/api/cards/{stableCardId}/face.png", {
    params: { path: { stableCardId: first ?? "VG-TD01-001" } },
    parseAs: "blob",
  });
  void face;
  return view.response.status;
}
