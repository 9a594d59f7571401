// Shopify's Prisma session storage works on our client, on either database.
import { randomUUID } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";

const shop = `sessions-${randomUUID().slice(0, 8)}.myshopify.com`;
const storage = new PrismaSessionStorage(prisma);

afterAll(async () => {
  await prisma.session.deleteMany({ where: { shop } });
});

describe("PrismaSessionStorage", () => {
  it("is ready: the Session table exists", async () => {
    expect(await storage.isReady()).toBe(true);
  });

  it("stores, reloads, updates and deletes an offline session (with its refresh token)", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    const refreshTokenExpires = new Date(Date.now() + 86_400_000);
    const session = new Session({
      id: `offline_${shop}`,
      shop,
      state: "state",
      isOnline: false,
      scope: "read_products,read_themes",
      expires,
      accessToken: "shpat_offline",
      refreshToken: "shprt_refresh",
      refreshTokenExpires,
    });
    expect(await storage.storeSession(session)).toBe(true);

    const loaded = await storage.loadSession(session.id);
    expect(loaded?.toObject()).toEqual(session.toObject());
    expect(loaded?.refreshToken).toBe("shprt_refresh");
    expect(loaded?.refreshTokenExpires?.getTime()).toBe(refreshTokenExpires.getTime());
    expect(loaded?.expires?.getTime()).toBe(expires.getTime());

    session.accessToken = "shpat_rotated";
    await storage.storeSession(session);
    expect((await storage.loadSession(session.id))?.accessToken).toBe("shpat_rotated");

    await storage.deleteSession(session.id);
    expect(await storage.loadSession(session.id)).toBeUndefined();
  });

  it("keeps an online session's user (a 64-bit id) and finds sessions by shop", async () => {
    const online = new Session({
      id: `${shop}_991234567890`,
      shop,
      state: "state",
      isOnline: true,
      scope: "read_products",
      expires: new Date(Date.now() + 60_000),
      accessToken: "shpat_online",
      onlineAccessInfo: {
        expires_in: 60,
        associated_user_scope: "read_products",
        associated_user: {
          id: 991234567890,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          email_verified: true,
          account_owner: true,
          locale: "en",
          collaborator: false,
        },
      },
    });
    await storage.storeSession(online);
    const loaded = await storage.loadSession(online.id);
    expect(loaded?.onlineAccessInfo?.associated_user).toMatchObject({
      id: 991234567890,
      first_name: "Ada",
      email: "ada@example.com",
      account_owner: true,
    });
    expect((await storage.findSessionsByShop(shop)).map((s) => s.id)).toContain(online.id);

    await storage.deleteSessions([online.id]);
    expect(await storage.findSessionsByShop(shop)).toEqual([]);
  });

  it("survives concurrent stores of the same session (parallel token exchanges)", async () => {
    const id = `offline_${shop}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        storage.storeSession(new Session({ id, shop, state: "s", isOnline: false, accessToken: `shpat_${i}`, scope: "read_products" })),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await prisma.session.count({ where: { id } })).toBe(1);
  });
});
