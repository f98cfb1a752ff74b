// Interchangeable words of the questions people ask a brand (price/cost, ship/deliver,
// repair/mend, guarantee/warranty...). The word-vector table scores such pairs only 0.2-0.5
// (GloVe puts "mend" nearer "ties" than "repair"), so paraphrased questions missed their passage;
// these rings cover the everyday vocabulary of customer questions, not any one brand (decision 111).
// Each ring is a set of words that can stand for each other in a question; matching is by stem.
import { porterStem } from "./nlp";

const RINGS = [
  "cost costs price prices pricing priced expensive cheap affordable pay paying fee fees charge charged",
  "plan plans subscription subscriptions membership tier tiers",
  "ship ships shipping shipped deliver delivers delivery deliveries dispatch dispatched send sends sent parcel parcels package packages arrive arrives post",
  "return returns refund refunds exchange exchanges money-back",
  "repair repairs repaired mend mended fix fixes fixed service servicing maintenance maintain restore",
  "broken damaged damage torn ripped worn faulty defect defects defective",
  "warranty warranties guarantee guaranteed guarantees",
  "found founded founder founders start started began begun establish established created",
  "discount discounts save saves saving savings deal deals off cheaper coupon reduced half-price",
  "fast quick quickly rapid speedy soon",
  "range distance far kilometres kilometers km miles",
  "recharge recharging charge charging charger battery batteries plug socket",
  "steal steals stolen theft thief thieves",
  "insurance insure insured cover coverage",
  "rain weather wet waterproof water-repellent",
  "kid kids child children toddler toddlers family families",
  "company employer employers business businesses office offices workplace corporate",
  "teach teaches lesson lessons course courses class classes workshop workshops training tutorial learn",
  "try trial test demo sample",
  "shop shops store stores showroom showrooms café cafe location locations branch",
  "open opens opening hours close closes closing",
  "eco eco-friendly green sustainable sustainability environment environmental planet recycled recyclable compostable biodegradable",
  "farmer farmers grower growers producer producers",
  "secure security safe encrypt encrypted encryption privacy protect protected",
  "app apps mobile phone smartphone ios android",
  "integrate integrates integration integrations connect connects plugin plugins",
  "helpdesk reply replies respond response answer answers",
  "size sizes sizing fit fits",
  "clean cleaning wash washing launder",
  "make makes manufacture manufactured factory factories produce produced production",
  "material materials fabric fabrics",
  "warm warmest warmth insulated insulation",
  "coat coats jacket jackets parka parkas shell",
  "trousers pants",
  "backpack backpacks pack packs rucksack rucksacks",
  "gift gifts present presents voucher vouchers",
  "stop cancel pause skip quit",
  "login log sign-in sso",
  "export exports report reports download",
  "team staff employee employees colleague colleagues worker workers",
  "customer customers client clients",
  "free complimentary",
  "lease leasing rent rental renting borrow hire",
  "instalment instalments installment installments finance financing monthly",
  "ingredient ingredients contain contains",
  "taste tastes flavour flavor flavours flavors notes",
  "allergy allergies allergen allergens",
  "vegan plant-based dairy-free",
  "tree trees forest forests reforestation",
  "smell smelly odour odor",
  "electricity energy power powered",
];

let index: Map<string, number[]> | undefined;

/** Ring numbers of a word's stem (empty when the word belongs to no ring). */
export function ringsOf(word: string): number[] {
  if (!index) {
    index = new Map();
    RINGS.forEach((ring, i) => {
      for (const w of ring.split(" ")) {
        const s = porterStem(w);
        const list = index!.get(s) ?? [];
        if (!list.includes(i)) list.push(i);
        index!.set(s, list);
      }
    });
  }
  return index.get(porterStem(word)) ?? [];
}
