import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrorsFromZod } from "@/server/errors";
import { MESSAGES } from "../constants/messages";
import {
  FIRST_ONBOARDING_STEP,
  LAST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  onboardingClientSchema,
  onboardingProjectSchema,
  onboardingStep1Schema,
  onboardingSubmitSchema,
  tempOnboardingSchema,
} from "./onboarding";

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

const project = { name: "Main site", url: "shop.example.com", siteType: "ecommerce" };
const client = { name: "Client A", website: "client-a.example.com", projects: [project] };

describe("onboarding steps", () => {
  it("numbers the steps from 1 (add clients and projects) to 3", () => {
    expect(FIRST_ONBOARDING_STEP).toBe(1);
    expect(LAST_ONBOARDING_STEP).toBe(3);
    expect(ONBOARDING_STEPS.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(ONBOARDING_STEPS[0].title).toBe("Add clients and projects");
  });
});

describe("onboardingProjectSchema", () => {
  it("requires a name and a known site type", () => {
    expect(errorsOf(onboardingProjectSchema, {})).toEqual({ name: MESSAGES.required, siteType: MESSAGES.required });
    expect(errorsOf(onboardingProjectSchema, { name: "P", siteType: "blog" })).toEqual({ siteType: MESSAGES.required });
  });
  it.each(["ecommerce", "lead_generation", "content", "brand"])("accepts the site type %s", (siteType) => {
    expect(errorsOf(onboardingProjectSchema, { name: "P", siteType })).toEqual({});
  });
  it("limits the name and checks the URL", () => {
    expect(errorsOf(onboardingProjectSchema, { ...project, name: "n".repeat(256) })).toEqual({
      name: "Project name should be equal or less than 255 characters",
    });
    expect(errorsOf(onboardingProjectSchema, { ...project, url: "not a url" })).toEqual({
      url: "Please enter a valid URL",
    });
  });
});

describe("onboardingClientSchema", () => {
  it("requires a name and at least one project", () => {
    expect(errorsOf(onboardingClientSchema, { projects: [project] })).toEqual({ name: MESSAGES.required });
    expect(errorsOf(onboardingClientSchema, { name: "C", projects: [] })).toEqual({
      projects: "Add at least one project",
    });
    expect(errorsOf(onboardingClientSchema, { ...client, name: "c".repeat(256) })).toEqual({
      name: "Client name should be equal or less than 255 characters",
    });
  });
});

describe("onboardingStep1Schema", () => {
  it("requires at least one client and reports nested errors by path", () => {
    expect(errorsOf(onboardingStep1Schema, { clients: [] })).toEqual({ clients: "Add at least one client" });
    expect(errorsOf(onboardingStep1Schema, { clients: [{ ...client, projects: [{ siteType: "brand" }] }] })).toEqual({
      "clients.0.projects.0.name": MESSAGES.required,
    });
  });
  it("allows at most 20 clients", () => {
    expect(errorsOf(onboardingStep1Schema, { clients: Array(20).fill(client) })).toEqual({});
    expect(errorsOf(onboardingStep1Schema, { clients: Array(21).fill(client) })).toHaveProperty("clients");
  });
});

describe("onboardingSubmitSchema", () => {
  it("accepts submit with clients and cancel alone", () => {
    expect(onboardingSubmitSchema.parse({ action: "submit", clients: [client] })).toMatchObject({
      action: "submit",
      clients: [{ name: "Client A" }],
    });
    expect(onboardingSubmitSchema.parse({ action: "cancel" })).toEqual({ action: "cancel" });
  });
  it("needs a known action; clients are checked when created (a submit after step 1 sends none)", () => {
    expect(errorsOf(onboardingSubmitSchema, { action: "submit" })).toEqual({});
    expect(errorsOf(onboardingSubmitSchema, { action: "create" })).toHaveProperty("clients");
    expect(errorsOf(onboardingSubmitSchema, { action: "skip" })).toHaveProperty("action");
    expect(errorsOf(onboardingSubmitSchema, {})).toHaveProperty("action");
  });
});

describe("tempOnboardingSchema", () => {
  it("accepts whole steps 1 to 3 only", () => {
    for (const step of [1, 2, 3]) expect(errorsOf(tempOnboardingSchema, { step })).toEqual({});
    for (const step of [0, 4, 1.5, "2", null]) expect(errorsOf(tempOnboardingSchema, { step })).toHaveProperty("step");
  });
});
