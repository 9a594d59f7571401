// @vitest-environment happy-dom
/**
 * The rule form's option to tag as it approves (decision 078): off for a new
 * rule, sent as the merchant leaves it, and shown as saved when a rule is
 * edited.
 */
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AutoApproveRuleDto, WidgetSummaryDto } from "~/rules/api-types";
import { AUTO_APPROVE_TEXT } from "~/messages";
import { createAutoApproveRule, updateAutoApproveRule } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { RuleModal } from "./RuleModal";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({ createAutoApproveRule: vi.fn(), updateAutoApproveRule: vi.fn() }));

const widgets: WidgetSummaryDto[] = [{ id: "w1", name: "Home", layout_type: "carousel" }];
const rule: AutoApproveRuleDto = {
  id: "r1",
  name: "Brand",
  enabled: true,
  channel_ids: [],
  hashtags: ["linen"],
  all_widgets: true,
  widget_ids: [],
  tag_top_suggestion: true,
  min_plays: null,
  min_likes: null,
};

/** The option's checkbox, found by its label. */
function tagOption(container: HTMLElement): HTMLInputElement {
  const label = Array.from(container.querySelectorAll("label")).find((element) => element.textContent?.includes(AUTO_APPROVE_TEXT.tagTopSuggestionLabel));
  const input = label?.htmlFor ? container.ownerDocument.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error("the option to tag the top suggestion is not in the form");
  return input;
}

/** Types into a field as React hears it. */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

describe("the rule form's option to tag the top suggested product", () => {
  it("is off for a new rule and sent as the merchant leaves it", async () => {
    const onSaved = vi.fn();
    const props = { channels: [], widgets, onCreateWidget: () => undefined, onClose: () => undefined, onSaved };
    const container = await render(<RuleModal dialog={{ mode: "new" }} {...props} />);
    const option = tagOption(container);
    expect(option.checked).toBe(false);
    expect(container.textContent).toContain(AUTO_APPROVE_TEXT.tagTopSuggestionHelp);

    const [name, hashtags] = container.querySelectorAll<HTMLInputElement>("input[type=text]");
    await type(name!, "Summer");
    await type(hashtags!, "#summer");
    await act(async () => tagOption(container).click());
    expect(tagOption(container).checked).toBe(true);
    const everyWidget = Array.from(container.querySelectorAll("label")).find((element) => element.textContent === AUTO_APPROVE_TEXT.everyWidget);
    await act(async () => container.ownerDocument.getElementById(everyWidget!.htmlFor)?.click());

    vi.mocked(createAutoApproveRule).mockResolvedValue(rule);
    await act(async () => container.querySelector<HTMLButtonElement>("[data-dialog] > button")?.click());
    expect(createAutoApproveRule).toHaveBeenCalledWith(
      expect.objectContaining({ name: "Summer", hashtags: "#summer", allWidgets: true, tagTopSuggestion: true }),
    );
    expect(onSaved).toHaveBeenCalledWith(AUTO_APPROVE_TEXT.ruleCreated);
  });

  it("shows a saved rule's choice when it is edited", async () => {
    const props = { channels: [], widgets, onCreateWidget: () => undefined, onClose: () => undefined, onSaved: () => undefined };
    const container = await render(<RuleModal dialog={{ mode: "edit", rule }} {...props} />);
    expect(tagOption(container).checked).toBe(true);
    await act(async () => tagOption(container).click());
    vi.mocked(updateAutoApproveRule).mockResolvedValue({ ...rule, tag_top_suggestion: false });
    await act(async () => container.querySelector<HTMLButtonElement>("[data-dialog] > button")?.click());
    expect(updateAutoApproveRule).toHaveBeenCalledWith("r1", expect.objectContaining({ tagTopSuggestion: false }));
  });
});

describe("the rule form's minimum plays and likes (decision 082)", () => {
  /** A field by its label's exact text. */
  function field(container: HTMLElement, label: string): HTMLInputElement {
    const element = Array.from(container.querySelectorAll("label")).find((candidate) => candidate.textContent === label);
    const input = element?.htmlFor ? container.ownerDocument.getElementById(element.htmlFor) : null;
    if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
    return input;
  }
  const save = (container: HTMLElement) => act(async () => container.querySelector<HTMLButtonElement>("[data-dialog] > button")?.click());

  it("refuses a number that is not whole, next to its field, and sends nothing; a good one is sent as typed", async () => {
    const props = { channels: [], widgets, onCreateWidget: () => undefined, onClose: () => undefined, onSaved: () => undefined };
    const container = await render(<RuleModal dialog={{ mode: "edit", rule }} {...props} />);
    expect(field(container, AUTO_APPROVE_TEXT.minPlaysLabel).value).toBe("");
    await type(field(container, AUTO_APPROVE_TEXT.minPlaysLabel), "1.5K");
    await save(container);
    expect(container.textContent).toContain(AUTO_APPROVE_TEXT.minimumInvalid("plays"));
    expect(updateAutoApproveRule).not.toHaveBeenCalled();

    await type(field(container, AUTO_APPROVE_TEXT.minPlaysLabel), "10,000");
    expect(container.textContent).not.toContain(AUTO_APPROVE_TEXT.minimumInvalid("plays"));
    await type(field(container, AUTO_APPROVE_TEXT.minLikesLabel), "250");
    vi.mocked(updateAutoApproveRule).mockResolvedValue({ ...rule, min_plays: 10_000, min_likes: 250 });
    await save(container);
    expect(updateAutoApproveRule).toHaveBeenCalledWith("r1", expect.objectContaining({ minPlays: "10,000", minLikes: "250" }));
  });

  it("shows a saved rule's minimums when it is edited", async () => {
    const props = { channels: [], widgets, onCreateWidget: () => undefined, onClose: () => undefined, onSaved: () => undefined };
    const container = await render(<RuleModal dialog={{ mode: "edit", rule: { ...rule, min_plays: 5000, min_likes: null } }} {...props} />);
    expect(field(container, AUTO_APPROVE_TEXT.minPlaysLabel).value).toBe("5000");
    expect(field(container, AUTO_APPROVE_TEXT.minLikesLabel).value).toBe("");
  });
});
