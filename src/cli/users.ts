/** `foodbase users add | list | passwd | delete`: accounts are created by the operator. */
import password from "@inquirer/password";
import type { Command } from "commander";
import { hashPassword } from "../accounts/passwords.js";
import { isValidUserId, RESERVED_USER_IDS } from "../accounts/user-id.js";
import { openStore } from "../store/open.js";
import { DuplicateError, type Store } from "../store/types.js";
import { addSettingOptions, configFromFlags } from "./options.js";

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The new password: first line of stdin with --password-stdin, else an interactive prompt. */
async function readNewPassword(fromStdin: boolean): Promise<string> {
  let value: string;
  if (fromStdin) {
    value = (await readAllStdin()).split(/\r?\n/)[0] ?? "";
  } else {
    if (!process.stdin.isTTY) throw new Error("no terminal to ask for a password: use --password-stdin");
    value = await password({ message: "Password:", mask: "*" });
    const again = await password({ message: "Password again:", mask: "*" });
    if (again !== value) throw new Error("the two passwords differ");
  }
  if (value.length < 8) throw new Error("the password must have at least 8 characters");
  return value;
}

/** `existing`: the SQLite file must be there already (every command but `add`). */
async function withStore<T>(
  flags: Record<string, unknown>,
  fn: (store: Store) => Promise<T>,
  existing = true,
): Promise<T> {
  const config = configFromFlags(flags);
  const store = await openStore(config.databaseUrl, { existing });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

function checkUserId(userId: string): void {
  if (userId.includes("@")) throw new Error(`an e-mail address is not a user id: ${userId}`);
  if (!isValidUserId(userId)) throw new Error(`invalid user id "${userId}": use lowercase letters, digits and -`);
}

function checkNewUserId(userId: string): void {
  checkUserId(userId);
  const reserved = RESERVED_USER_IDS.get(userId);
  if (reserved !== undefined) throw new Error(`user id "${userId}" is reserved: ${reserved}`);
}

export function registerUsersCommands(program: Command): void {
  const users = program.command("users").description("Manage accounts");
  const dbOnly = ["databaseUrl"];

  const add = users
    .command("add <user_id>")
    .description("Create an account")
    .option("--email <email>", "E-mail address", "")
    .option("--name <name>", "Display name", "")
    .option("--admin", "Administrator")
    .option("--moderator", "Moderator")
    .option("--password-stdin", "Read the password from the first line of standard input");
  addSettingOptions(add, dbOnly).action(async (userId: string, flags: Record<string, unknown>) => {
    checkNewUserId(userId);
    const email = String(flags.email ?? "");
    if (email !== "" && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`invalid e-mail address: ${email}`);
    const pass = await readNewPassword(flags.passwordStdin === true);
    const passwordHash = await hashPassword(pass);
    await withStore(
      flags,
      async (store) => {
        try {
          await store.addUser({
            userId,
            email,
            name: String(flags.name ?? ""),
            passwordHash,
            admin: flags.admin === true,
            moderator: flags.moderator === true,
          });
        } catch (e) {
          if (e instanceof DuplicateError) {
            throw new Error(
              email === "" ? `user ${userId} already exists` : `user ${userId} or e-mail ${email} already exists`,
            );
          }
          throw e;
        }
      },
      false,
    );
    process.stdout.write(`user ${userId} added\n`);
  });

  addSettingOptions(users.command("list").description("List accounts"), dbOnly).action(
    async (flags: Record<string, unknown>) => {
      await withStore(flags, async (store) => {
        for (const u of await store.listUsers()) {
          const roles = [u.admin ? "admin" : "", u.moderator ? "moderator" : ""].filter(Boolean).join(",");
          process.stdout.write(`${u.userId}\t${u.email}\t${u.name}\t${roles}\n`);
        }
      });
    },
  );

  const passwd = users
    .command("passwd <user_id>")
    .description("Change a password (revokes the user's sessions and tokens)")
    .option("--password-stdin", "Read the password from the first line of standard input");
  addSettingOptions(passwd, dbOnly).action(async (userId: string, flags: Record<string, unknown>) => {
    const pass = await readNewPassword(flags.passwordStdin === true);
    const hash = await hashPassword(pass);
    const found = await withStore(flags, (store) => store.setPassword(userId, hash));
    if (!found) throw new Error(`no user ${userId}`);
    process.stdout.write(`password of ${userId} changed\n`);
  });

  addSettingOptions(users.command("delete <user_id>").description("Delete an account"), dbOnly).action(
    async (userId: string, flags: Record<string, unknown>) => {
      const found = await withStore(flags, (store) => store.deleteUser(userId));
      if (!found) throw new Error(`no user ${userId}`);
      process.stdout.write(`user ${userId} deleted\n`);
    },
  );
}
