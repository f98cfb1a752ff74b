// Each fake registers its handlers when imported here.
export {};
import "./mail.ts";
import "./platform-sandbox.ts";
import "./web-pages.ts";
// Before openai.ts: it answers the Workers AI text-to-image models openai.ts would refuse.
import "./image-models.ts";
import "./openai.ts";
import "./dns.ts";
import "./webhook-receiver.ts";
import "./images.ts";
import "./clerk-bapi.ts";
