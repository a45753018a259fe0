// The phrase lists the reply scorer (intent.ts) counts, per intent, in
// English, German, French, Spanish, Italian, Dutch and Portuguese. Every
// entry is folded (fold.ts: lower case, no accents) regex source made of
// literal words and bounded gaps only, so a scan is linear in the text.
import { anyOf } from "./fold";

const MONTH_NAMES =
  "january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|marz|maerz|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|januari|februari|maart|mei|augustus|janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro";
const WEEKDAY_NAMES =
  "monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miercoles|jueves|viernes|lunedi|martedi|mercoledi|giovedi|venerdi|maandag|dinsdag|woensdag|donderdag|vrijdag|segunda-feira|terca-feira|quarta-feira|quinta-feira|sexta-feira|segunda|terca|quarta|quinta|sexta";

/** Phrases whose negation words do not negate: masked before anything else is read. */
export const NEUTRAL_IDIOMS = anyOf([
  "no problem|not a problem|no worries|not only|no doubt|not sure|no idea|nothing wrong|never mind|not yet sure",
  "kein problem|keine sorge|nicht nur|nicht sicher|keine ahnung",
  "pas de (?:probleme|souci)|aucun (?:probleme|souci)|non seulement|pas sur|pas sure",
  "no hay problema|sin problema|ningun problema|no solo|no estoy segur[oa]",
  "nessun problema|non solo|non sono sicur[oa]",
  "geen probleem|geen zorgen|niet alleen|niet zeker",
  "sem problema|nao tem problema|nao so|nao tenho certeza",
]);
export const POSITIVE_IDIOMS = anyOf([
  "not a bad idea|not bad|why not|can'?t wait|couldn'?t agree more|no[ -]?brainer|not opposed",
  "nicht schlecht|warum nicht|keine schlechte idee",
  "pas mal|pourquoi pas|pas une mauvaise idee",
  "no esta mal|por que no|no es mala idea",
  "non male|perche no|non e una cattiva idea",
  "niet slecht|waarom niet|geen slecht idee",
  "nada mal|por que nao|nao e (?:uma )?ma ideia",
]);

/** Refusals stated outright (their negation is part of them). */
export const REFUSAL = anyOf([
  "not interested|no thanks|no thank you|no, thanks|no, thank you|no,? (?:thx|thnx|thks|ty)|thanks,? but no|not for us|(?:not|isn'?t) (?:a|the) (?:good |great |right )?fit|(?:the|my|our) (?:answer|response)(?: [a-z']{1,12}){0,3}[:,]? (?:still |remains )?no(?![a-z]| longer| doubt| problem)|not (?:the|your|a|an) (?:target|ideal|right) (?:audience|customer|client|market|profile|buyer)|(?:won'?t|will not|aren'?t going to|are not going to|don'?t plan to|do not plan to|not to|decided not to) (?:be )?(?:buying|purchasing|signing up|moving forward|going forward|going ahead|proceeding|pursuing|pursue|proceed|move forward|go ahead)|(?:hold|holding|put|putting) (?:this |it )?(?:off|on hold) indefinitely|(?:consider|take) (?:this|that|it) (?:as )?a no|(?:that|it|this)(?:'s| is) a no(?![a-z-])|we'?re all good|all good on (?:that|this) front|we(?:'re| are) covered|hard pass|no plans? to (?:change|switch|replace|move)|(?:not|isn'?t|is not) (?:exactly |quite )?what (?:we|i)(?:'re| are|'m| am)? ?(?:looking for|after|searching for|need|want)|(?:(?:we'?d|i'?d|we would|i would) rather not|prefer not to) (?:proceed|move forward|continue|pursue|go ahead|take (?:this|it) further)|(?:said|told (?:you|your [a-z]+)) no(?![a-z]| one| body| matter| longer| doubt)|(?:say|tell you) no(?= ?[?.!]| again)|(?:don'?t|do not|never) outsource|(?:built|building|build|developed|developing|develop) (?:our|my) own|ended up (?:building|developing|going with|choosing|picking|signing)|(?:not|aren'?t|we'?re not) (?:buying|purchasing)|(?:beyond|more than) what (?:we|i) need|overkill (?:for|at) (?:us|me|our)|(?<!not |n't |not that )(?:way |far |much )?too (?:expensive|pricey|big|complex|much) for (?:us|me|our)|not relevant|(?:isn'?t|aren'?t) relevant|not looking (?:for|to)|not in the market|(?:don'?t|do not|doesn'?t|does not) need|no need (?:for|at)|no interest|(?:we'?re|we are|i'?m|i am) (?:all )?set|we'?re good|already (?:have|use|using|work with|working with|got|signed|partnered|covered)|(?:we'?ll|i'?ll|we will|i will) pass|pass on this|(?:please )?(?:don'?t|do not) follow up|no need to follow up|(?:must|will|have to) decline|(?:not|isn'?t|aren'?t|wasn'?t) something (?:we|i)(?! (?:handle|deal with|decide|look after|manage|cover|am responsible|am in charge))|(?:signed|renewed|locked in|committed to) (?:a |an |our )?(?:[a-z0-9-]+ ){0,3}(?:contract|deal|agreement) with|(?:^|[,.;:] ?)(?:so|then),? no(?= ?[.!]| ?$)|not a priority|no budget|not moving forward|not pursue|not (?:for|right for) (?:us|me)|nope|not at all|(?:build|building|built|do|doing|handle|handling|develop|developing) (?:this|it|that) (?:in-house|internally|ourselves)|(?:decided|chose|chosen|went|going|picked|selected)(?: to go)?(?: with| for)? (?:(?:another|a different|an?other) (?:vendor|provider|solution|tool|partner|company|agency|option)|(?:a|one of your) competitors?)|decided against",
  "kein interesse|nicht interessiert|die antwort ist nein|nein danke|nein, danke|kein(?:en)? bedarf|brauchen wir nicht|benotigen wir nicht|(?:haben|nutzen|verwenden) (?:bereits|schon)|(?:sind|bin) (?:bereits|schon) (?:versorgt|gut aufgestellt|abgedeckt)|(?:setzen|arbeiten|vertrauen) (?:bereits|schon) (?:auf|mit)|passt nicht|nicht (?:ganz )?das,? was wir (?:suchen|brauchen|benotigen|wollen)|abstand nehmen|nicht weiterverfolgen|nicht relevant|bitte keine (?:weiteren )?(?:nachfragen|follow-ups)|nicht das richtige|kein budget|verzichten|(?:hat|haben) (?:bei uns )?keine prioritat|keine prioritat|(?:ist )?nichts,? (?:was|das) wir (?:brauchen|benotigen|suchen)|ist nichts fur uns|(?:ist )?(?:fur uns )?kein thema|(?:machen|losen|entwickeln|bauen) (?:das|wir das|es) (?:selbst|intern|inhouse)|(?:fur|fuer) (?:einen |eine |ein )?(?:anderen|andere|anderes) (?:[a-z]+ )?(?:anbieter|losung|loesung|dienstleister|partner|tool|agentur|system|produkt) entschieden|(?:einen|eine) (?:anderen|andere) (?:anbieter|losung|loesung|dienstleister|partner) gewahlt",
  "pas interesse|pas interessee|la reponse est non|pas interesses|non merci|non, merci|pas besoin|aucun besoin|pas d'interet|aucun interet|(?:avons|utilisons|travaillons) deja|(?:sommes|suis) deja (?:equipes?|couverts?)|pas pertinent|ne correspond pas|pas (?:exactement )?ce (?:que|dont) (?:nous|je) (?:recherchons|cherchons|avons besoin|voulons|recherche|cherche)|(?:allons|vais|devons|dois|devoir|prefere|preferons)(?: [a-z]+)? decliner|(?:ne pas|ne souhaitons pas|ne pouvons pas|ne pourrons pas|n'allons pas) donner suite|pas pour nous|ne sommes pas interesses|pas de budget|pas (?:une|la) priorite|(?:ce n'est )?pas quelque chose (?:dont nous avons besoin|que nous cherchons)|(?:developpons|faisons|gerons) (?:ca |cela )?(?:en interne|nous-memes)|(?:fait le choix d'|choisi |opte pour |retenu )(?:une autre|un autre) (?:solution|prestataire|fournisseur|outil|partenaire|agence|offre)",
  "no (?:estoy|estamos) interesad[oa]s?|la respuesta es no|no me interesa|no nos interesa|no gracias|no, gracias|no necesitamos|ya (?:tenemos|contamos|usamos|trabajamos)|ya (?:estamos|estoy) (?:cubiertos?|servidos?)|no es (?:para nosotros|relevante)|no encaja|no es lo que (?:buscamos|necesitamos|queremos|estamos buscando)|prefer(?:imos|iria|iriamos|o) no (?:seguir|continuar|avanzar)|sin interes|no tenemos presupuesto|no es (?:una )?prioridad|no es algo que (?:necesitemos|necesite|busquemos|nos interese)|lo (?:hacemos|desarrollamos|gestionamos) (?:internamente|nosotros mismos)|(?:optado por|elegido|escogido|decidido por|decantado por|optamos por|elegimos) (?:otra|otro) (?:solucion|proveedor|herramienta|empresa|agencia|opcion|partner)",
  "non (?:sono|siamo) interessat[oaie]|la risposta e no|non mi interessa|non ci interessa|no grazie|no, grazie|non abbiamo bisogno|(?:abbiamo|usiamo|utilizziamo) gia|(?:siamo|sono) gia (?:coperti|a posto|apposto|serviti)|non fa per noi|non e (?:proprio )?quello che (?:cerchiamo|ci serve|vogliamo)|preferiamo non (?:procedere|proseguire|andare avanti)|non (?:procederemo|proseguiremo)|non e rilevante|non e di nostro interesse|nessun interesse|non e una priorita|non e qualcosa (?:di cui abbiamo bisogno|che (?:ci serve|ci interessa|cerchiamo))|lo (?:facciamo|sviluppiamo|gestiamo) (?:internamente|in casa|da soli)|(?:scelto|optato per|deciso per|preferito|scelto di andare con) (?:un'altra|un altro|un'altro|altra|altro) (?:soluzione|fornitore|strumento|partner|agenzia|prodotto)",
  "geen interesse|niet geinteresseerd|het antwoord is nee|nee,? dank ?je(?:wel)?|nee,? danke|nee dank|nee, dank|nee bedankt|nee, bedankt|(?:hebben|gebruiken) (?:al|reeds)|(?:zijn|ben) al voorzien|geen behoefte|niet relevant|past niet|niet (?:helemaal )?(?:wat|waar) (?:we|wij) (?:naar )?(?:zoeken|nodig hebben)|zien (?:(?:hier|daar|er) ?)?van af|gaan (?:hier |daar )?niet (?:mee )?verder|niet nodig|geen budget|geen prioriteit|niet iets (?:wat|dat) (?:we|wij) (?:nodig hebben|zoeken)|doen (?:dit|dat|we) (?:al )?(?:zelf|intern)|(?:voor )?een andere (?:oplossing|leverancier|partij|partner|tool|aanbieder) (?:gekozen|gegaan)|(?:gekozen|gegaan) voor een andere",
  "nao (?:tenho|temos) interesse|a resposta e nao|nao (?:estou|estamos) interessad[oa]s?|nao me interessa|nao nos interessa|nao,? obrigad[oa]|nao precisamos|ja (?:temos|usamos|utilizamos|trabalhamos)|ja (?:estamos|estou) (?:cobertos?|servidos?|atendidos?)|nao e (?:para nos|relevante)|nao e (?:bem )?o que (?:procuramos|precisamos|buscamos|queremos)|preferimos nao (?:seguir|prosseguir|avancar|continuar)|nao vamos (?:seguir|prosseguir|avancar)|sem interesse|nao e (?:uma )?prioridade|nao e algo (?:que|de que) (?:precisamos|precisemos|procuramos)|(?:fazemos|desenvolvemos) (?:isso )?internamente|(?:optamos por|escolhemos|optei por|escolhi|decidimos por|fechamos com) (?:outra|outro) (?:solucao|fornecedor|ferramenta|empresa|parceiro|agencia|opcao)",
]);
/** Content with what they have, or staying with it: a refusal, unless negated ("not happy with our current vendor" is an opening). */
export const SATISFIED = anyOf([
  "(?:happy|satisfied|content|pleased) with (?:our|what we have|what we've got)(?: current| existing| present)?(?: [a-z]+)?|(?:happy|satisfied|content|pleased) with the (?:current|existing|present) [a-z]+|(?:stick|stay|staying|sticking|remain|remaining|continue|continuing) with (?:what we have|what we've got|our (?:current|existing|present) [a-z]+|our [a-z]+ (?:provider|vendor|solution|tool|partner|agency|setup|system))",
  "zufrieden mit (?:unserem|unserer|unseren|dem|der) (?:[a-z]+ ){0,2}(?:anbieter|losung|dienstleister|partner|tool|system|software|agentur)|mit (?:unserem|unserer) (?:[a-z]+ ){0,2}(?:anbieter|losung|dienstleister|partner|tool|system|software|agentur) (?:sehr |absolut |vollig |voll |ganz )?zufrieden|bleiben (?:bei|mit) (?:unserem|unserer|unseren|dem|der) (?:[a-z]+ ){0,2}(?:anbieter|losung|dienstleister|partner|tool|system|agentur)",
  "satisfaits? (?:de|avec) (?:notre|nos) (?:[a-z]+ ){0,2}(?:prestataires?|fournisseurs?|solutions?|outils?|partenaires?|agences?)|rest(?:ons|er|e|erons) (?:avec|chez|sur) (?:notre|nos) (?:[a-z]+ ){0,2}(?:prestataires?|fournisseurs?|solutions?|outils?|partenaires?|agences?)",
  "(?:content[oa]s?|satisfech[oa]s?) con (?:nuestro|nuestra|nuestros|nuestras) (?:[a-z]+ ){0,2}(?:proveedor|proveedores|solucion|herramienta|socio|agencia)|(?:nos quedamos|seguimos|continuamos|nos mantenemos|nos quedaremos|seguiremos) con (?:nuestro|nuestra|nuestros|nuestras) (?:[a-z]+ ){0,2}(?:proveedor|proveedores|solucion|herramienta|socio|agencia)",
  "soddisfatt[oiae] (?:del|della|dei|delle|con il|con la|con i|con) (?:nostr[oaie] )?(?:[a-z]+ ){0,2}(?:fornitore|fornitori|soluzione|strumento|partner|agenzia)|(?:restiamo|rimaniamo|continuiamo|resteremo|rimarremo) con (?:il |la |i |le )?nostr[oaie] (?:[a-z]+ ){0,2}(?:fornitore|fornitori|soluzione|strumento|partner|agenzia)",
  "tevreden (?:met|over) (?:onze|ons) (?:[a-z]+ ){0,2}(?:leverancier|leveranciers|oplossing|tool|partner|bureau)|(?:blijven|blijf) bij (?:onze|ons) (?:[a-z]+ ){0,2}(?:leverancier|leveranciers|oplossing|tool|partner|bureau)",
  "satisfeit[oa]s? com (?:o |a )?(?:nosso|nossa|nossos|nossas) (?:[a-z]+ ){0,2}(?:fornecedor|fornecedores|solucao|ferramenta|parceiro|agencia)|(?:vamos continuar|continuamos|continuaremos|ficamos|ficaremos|seguimos|vamos ficar) com (?:o |a )?(?:nosso|nossa|nossos|nossas) (?:[a-z]+ ){0,2}(?:fornecedor|fornecedores|solucao|ferramenta|parceiro|agencia)",
]);
/** "No." (or "Pass.", or a thumbs-down) at the start, or as the whole reply. */
export const BARE_NO = /^(?:no|nein|non|nee|nao|pass|\u{1F44E}[\u{1F3FB}-\u{1F3FF}]?)\s?(?:[.!]|$)/u;

export const INTEREST = anyOf([
  "love (?:this|it|the idea)|send (?:me |us |over )?(?:the|a|your) (?:contract|agreement|proposal|quote|order form)|(?:actively |currently |already |just )?(?:looking|searching|shopping) for (?:something (?:like this|similar)|a (?:solution|tool|vendor|provider|partner) (?:like|for) this|exactly this)|(?:could|might|may) (?:work|be a (?:good )?fit) for (?:us|me)|(?:good|great|perfect) timing|timing is (?:good|great|perfect)|next steps?|send (?:more )?(?:details|info|information|pricing)|interested|intrested|intersted|interrested|interessted|interesting|sounds (?:good|great|interesting|promising|cool|useful)|tell me more|learn more|know more|hear more|more (?:info|information|details)|send (?:me|us|over|through|it)|share (?:more|some|the|a)|brochure|case stud(?:y|ies)|(?:would|i'?d|we'?d) love|(?:i'?d|we'?d|i would|we would) (?:like|want) to (?:see|try|know|learn|hear|test)|see it in action|keen|curious|count me in|makes sense|worth (?:a look|exploring|a try|a shot)|looks (?:good|great|interesting|promising)|yes please|go ahead|i'?m in(?= ?[.!,]| ?$)|we'?re in(?= ?[.!,]| ?$)|happy to (?:learn|hear|see|try|explore)|open to|could be (?:useful|interesting|a fit|relevant|helpful)|free trial|sign (?:me|us) up|(?:can|could|would) you (?:please )?(?:send|share|forward|email)|(?:send|share|email|pass) (?:me|us) (?:the|a|some|your|more)|more (?:material|materials|docs)",
  "interessiert|interessant|interesse|(?:suchen|sind (?:gerade |aktuell |derzeit )?auf der suche nach) (?:gerade |genau |aktuell )?(?:so etwas|sowas|einer solchen losung)|(?:konnte|koennte|durfte|duerfte) (?:fur uns |bei uns )?(?:passen|interessant sein|hilfreich sein|nutzlich sein|spannend sein)|erzahlen sie (?:mir |uns )?mehr|klingt (?:gut|interessant|spannend|super)|mehr (?:informationen|infos|details|erfahren)|(?:schicken|senden|mailen) sie (?:mir|uns)|(?:mir|uns) (?:[a-z]{1,15} ){0,6}(?:schicken|senden|zuschicken|zusenden|zukommen lassen|mailen)|preisliste|ein angebot|einen kostenvoranschlag|mehr (?:infos|informationen|material|unterlagen)|unterlagen|spannend|(?:ich|wir) (?:wurde|wurden|mochte|mochten) (?:gerne|mehr)|offen fur|gutes timing|(?:kommt|kommen sie) (?:genau )?(?:zur richtigen zeit|wie gerufen)|nachsten schritte",
  "interesse|interessee|interesses|interessant|(?:ca |cela )?pourrait (?:nous )?(?:etre utile|interesser|convenir)|dites-m'en plus|dis-m'en plus|m'interesse|nous interesse|en savoir plus|plus d'informations|plus d'infos|envoyez(?:-| )(?:moi|nous)|(?:m'|nous )envoyer|(?:me|nous) (?:transmettre|faire parvenir)|(?:m'|nous )adresser (?:une|la|le|les|des|votre|vos)|documentation|volontiers|avec plaisir|ca me parle|ouverts? a|(?:ca |cela )?tombe (?:bien|a pic)|bon timing|prochaines etapes",
  "interesad[oa]s?|interesante|me interesa|(?:buscamos|estamos buscando) (?:justo |justamente )?algo (?:asi|parecido|similar)|(?:nos )?(?:podria|puede) (?:venir bien|servir)|nos vendria bien|cuent(?:eme|ame|enos|anos) mas|(?:podria|puede|podrian) (?:ser(?:nos)? util|interesarnos)|nos interesa|mas informacion|mas detalles|envieme|enviame|mandame|envienos|mandenos|(?:enviarme|mandarme|pasarme|enviarnos|mandarnos)|me (?:puede|podria|puedes|podrias|pueden|podrian) (?:enviar|mandar|pasar)|me (?:envia|envias|manda|mandas|pasa|pasas) (?:mas|la|el|las|los|una|un|informacion|info)|mas info|suena (?:bien|interesante)|con gusto|me encantaria|nos encantaria|abiertos? a|(?:llega|llegas|llegais) en (?:buen|el mejor) momento|proximos pasos",
  "interessat[oaie]|interessante|mi interessa|(?:cerchiamo|stiamo cercando) (?:proprio )?qualcosa (?:del genere|di simile)|(?:mi |ci )?(?:dica|dimmi|dite|racconti|racconta) di piu|(?:potrebbe|puo|potrebbero) (?:fare al caso nostro|essere utile|interessarci)|fa al caso nostro|ci interessa|maggiori informazioni|piu informazioni|inviatemi|mandatemi|inviami|mandami|mi (?:mandi|invii|manda|invia|mandate|inviate|giri|girate)|(?:mandarmi|inviarmi|girarmi|mandarci|inviarci)|mi (?:puo|potete|puoi|potrebbe|potreste) (?:mandare|inviare|girare)|qualche info|volentieri|sembra interessante|mi piacerebbe|ci piacerebbe|apert[oi] a|(?:arriva|capita) (?:proprio )?al momento giusto|tempismo perfetto|prossimi passi",
  "geinteresseerd|interesseert|interesseren|interessant|(?:zoeken|zijn op zoek naar) (?:precies |juist |net )?zoiets|vertel (?:me |ons |eens |gerust )?meer|meer informatie|meer info|meer weten|stuur (?:me|mij|ons|maar|gerust|even)|(?:mij|me|ons) (?:[a-z]{1,15} ){0,4}(?:sturen|toesturen|toezenden|mailen)|klinkt (?:goed|interessant)|lijkt me (?:interessant|goed)|sta(?:an)? open|goede timing|komt als geroepen|volgende stappen",
  "interessad[oa]s?|interessante|tenho interesse|(?:procuramos|estamos procurando|buscamos) (?:justamente |exatamente )?algo (?:assim|parecido|similar)|(?:me |nos )?conte(?:-me|-nos)? mais|(?:pode|poderia|podem) ser (?:util|interessante)|temos interesse|me interessa|nos interessa|mais informacoes|mais detalhes|mais info|envie(?:-| )me|me envie|mande(?:-| )me|me mande|(?:pode|poderia|podem|poderiam) (?:me |nos )?(?:enviar|mandar|passar|encaminhar)|me (?:manda|envia|passa) (?:mais|a|o|as|os|uma|um)|manda (?:mais|a apresentacao|o material)|parece (?:bom|interessante)|com prazer|adoraria|abertos? a|(?:chegou|chega|veio) (?:em boa hora|na hora certa)|proximos passos",
]);
/** Needing it: a yes, or a refusal when negated ("we don't need this", "brauchen wir nicht"). */
export const NEED = anyOf([
  "need (?:this|it|that|your|such|any|a|something)",
  "brauchen|benotigen|benoetigen|bedarf",
  "besoin",
  "necesitamos|necesito|nos hace falta",
  "bisogno|ci serve|mi serve",
  "nodig|behoefte",
  "precisamos|preciso",
]);
/** Will look at it: interest without commitment. */
export const REVIEW = anyOf([
  "take a look|have a look|will review|will check (?:it|this) out|look into (?:it|this)|go through (?:it|this)",
  "schaue (?:ich )?mir (?:das|es) an|sehe mir (?:das|es) an|schauen uns (?:das|es) an",
  "je vais regarder|nous allons regarder|j'y jette un oeil|je regarde",
  "le echo un vistazo|lo revisare|lo miro|lo vemos",
  "ci do un'occhiata|do un'occhiata|lo guardo|ci guardo",
  "ik kijk ernaar|ik ga ernaar kijken|we kijken ernaar|bekijk het",
  "vou dar uma olhada|vou analisar|vamos analisar",
]);
/** Not deciding yet: they will think or come back. */
export const PONDER = anyOf([
  "let me think|think about it|think it over|get back to you|come back to you|discuss (?:it |this )?internally|check with (?:my|the|our) (?:team|boss|manager|colleagues|partner)|sleep on it|let you know",
  "ich melde mich|wir melden uns|intern besprechen|(?:muss|mussen|muessen) (?:erst|noch|zuerst) (?:mit|intern|rucksprache)|rucksprache halten|ich uberlege|wir uberlegen|gebe ihnen bescheid",
  "je reviens vers vous|nous revenons vers vous|je vous tiens au courant|je vais y reflechir|en discuter en interne",
  "te digo algo|le digo algo|lo pensare|lo pensamos|lo hablo con|le aviso|te aviso|le comento",
  "ti faccio sapere|le faccio sapere|ci penso|ci pensiamo|ne parlo con|vi faro sapere",
  "ik laat het (?:je |u )?weten|ik kom erop terug|ik denk erover na|we denken erover na|intern bespreken",
  "te aviso|lhe aviso|vou pensar|vamos pensar|retorno em breve|volto a falar",
]);
/** Weak interest: a plain yes ("Great, thanks!" is an acknowledgement, not a yes). */
export const INTEREST_WEAK = anyOf(["yes|sure|absolutely|definitely|of course", "ja|gerne|gern|naturlich", "oui|bien sur|volontiers", "si|claro|por supuesto", "si|certo|certamente", "ja|graag|zeker", "sim|claro|com certeza"]);

/** A call, a meeting, a demo, a calendar link: a meeting on its own. */
/** "demo" as an event, not the product's demo video or account. */
const DEMO = "demo(?![ -]?(?:video|recording|clip|link|account|environment|site|version|zugang))";
/** "call" and "meeting" as events, not a product's feature or a metric ("call recording", "meetings booked"). */
const CALL = "call(?![ -]?(?:recordings?|tracking|cent(?:er|re)|logs?|transcripts?|transcription|notes|quality|routing|volume|data|analytics|software|features?|queue|flow|scripts?|lists?|api|rates?))";
const MEETING_WORD = "meeting(?!s? (?:booked|bookings|notes|transcripts?|minutes|rooms?|software|scheduler|rates?|costs?|per|recordings?))";
/** Availability of the product in a language or a region ("are you available in Spanish?"): no meeting. */
const NOT_A_DATE = "(?! (?:in|for) (?:english|spanish|german|french|italian|dutch|portuguese|other languages|multiple languages|several languages|the eu|europe|the us|the uk|canada|brazil|latam|apac|emea|[a-z]+ (?:language|languages|market|markets|region|regions)))";
export const MEETING = anyOf([
  `${CALL}|phone call|${MEETING_WORD}|${DEMO}|calendly|book (?:a|some) time|set (?:up )?(?:a )?(?:call|time|meeting|chat)|set (?:something|some time|a time) up|hop on|jump on|(?:i'?m|i am|we'?re|we are|are you|you'?re|you are|would you be|i'?d be|we'?d be|i'?ll be|we'?ll be|i will be|we will be) (?:free|available)${NOT_A_DATE}|(?:your|my|our) availability|free (?:on|this|next|tomorrow)|works for me|work for you|works for you|what time|time slot|slots?|let'?s (?:talk|chat|speak|connect|meet)|when (?:can|could|would|shall) (?:we|you|i) (?:talk|speak|chat|meet|connect|call)|speak (?:on|next|tomorrow|this)|talk (?:on|next|tomorrow|this)|catch up`,
  `anruf|anrufen|telefonat|telefonieren|gesprach|gespraech|termin|terminvorschlag|${DEMO}|vorfuhrung|videocall|${CALL}|${MEETING_WORD}|lassen sie uns (?:sprechen|telefonieren)|rufen sie (?:mich )?an|rufen sie mich(?: [a-z]{1,15}){1,3} an|(?:haben|hatten|haetten) sie (?:[a-z]{1,12} )?zeit|wann (?:konnen|konnten|koennen|koennten) wir (?:sprechen|telefonieren|reden)`,
  `(?:faire|caler|calons|faisons|prevoir|planifier|planifions) un (?:point|echange|appel|creneau|rendez-vous)|appel|appelons|rendez-vous|rdv|reunion|${DEMO}|demonstration|visio|visioconference|creneau|creneaux|s'appeler|appelez-moi|m'appeler|se voir|(?:je suis|nous sommes|etes-vous|seriez-vous|serez-vous|vous etes) disponibles?|(?:vos|mes|nos) disponibilites|quand (?:pouvons-nous|pourrions-nous|peut-on|pourrait-on) (?:parler|echanger|se parler|s'appeler|se voir)`,
  "agendemos|agendar (?:una|un) (?:llamada|reunion|videollamada|hueco)|llamada|llamarme|llamame|llamarnos|reunion|reunirnos|cita|demostracion|videollamada|hueco|(?:estoy|estamos|esta usted|estas|estaria|estarias) disponibles?|(?:su|tu|mi) disponibilidad|cuando (?:podemos|podriamos|puede|puedes) (?:hablar|charlar|vernos|reunirnos|llamar)",
  "chiamata|telefonata|chiamarmi|chiamami|mi (?:chiami|chiamate|telefoni|telefonate)|riunione|incontro|incontrarci|appuntamento|dimostrazione|videochiamata|sentirci|(?:sono|siamo|sei|sarebbe|sarei|saresti) disponibil[ei]|(?:sua|tua|mia) disponibilita|quando (?:possiamo|potremmo) (?:sentirci|parlare|vederci)",
  "gesprek|belafspraak|afspraak|bellen|belletje|bel (?:me|mij|ons)|vergadering|kennismaken|kennismakingsgesprek|(?:ben|bent|zijn) (?:jij|u|je|jullie|ik|we) beschikbaar|(?:ik|we) (?:ben|zijn) beschikbaar|wanneer (?:kunnen|zullen) we (?:bellen|praten|spreken)",
  `chamada|ligacao|reuniao|demonstracao|videochamada|${CALL}|papo|me ligar|me liga|liga(?:-me| pra mim| para mim)|(?:estou|estamos|estaria|estariamos|voce esta|voces estao) disponive(?:l|is)|(?:sua|minha) disponibilidade|quando (?:podemos|poderiamos|voce pode|voces podem) (?:conversar|falar|nos falar|marcar)`,
]);
/** Asking for the calendar invitation: a meeting, not the "send me …" of interest (read and masked before interest). */
export const SEND_INVITE = anyOf([
  "(?:send|forward) (?:me |us |over )?(?:an? |the |your )?(?:calendar |meeting )?(?:invite|invitation)",
  "(?:schicken|senden) sie (?:mir |uns )?(?:eine |die )?(?:einladung|kalendereinladung)|(?:schick|sende) (?:mir |uns )?(?:eine |die )?(?:einladung|kalendereinladung)",
  "(?:envoyez|envoie)(?:-| )(?:moi|nous) (?:une |l')?invitation|(?:m'|nous )envoyer (?:une |l')?invitation",
  "(?:mandame|enviame|mandeme|envieme|mandanos|envianos|me mandas|me envias|me manda|me envia) (?:una |la )?invitacion",
  "(?:mandami|inviami|mandatemi|inviatemi|mi mandi|mi invii) (?:un |l')?invito",
  "stuur (?:me |mij |ons )?(?:een |de )?(?:agenda)?uitnodiging",
  "(?:me manda|me envia|mande-me|envie-me|me mande|me envie|manda|envia) (?:o |um )?convite",
]);
/** Words that are meetings only beside a day, an hour or talking ("available on Tuesday"); alone they are about the product ("available in Spanish?", "works with Teams?"). */
export const MEETING_VAGUE = anyOf([
  "zoom|teams|google meet|hangout|meet|calendar|invite|schedule|chat|find (?:some )?time|(?:[0-9]{1,2}|fifteen|twenty|thirty) ?-?(?:min|mins|minutes)|availability|available|free (?:at|for|in)",
  "(?:[0-9]{1,2}|zehn|zwanzig|dreissig) ?-?(?:min|minuten)|treffen|kalender|einladung|zeit (?:fur|am|haben|hatte)|passt (?:mir|es|ihnen|dir)|verfugbar|austausch",
  "[0-9]{1,2} ?(?:min|minutes)|echange|echanger|calendrier|invitation|agenda|disponible|disponibles|disponibilite|disponibilites|en parler|rencontrer",
  "[0-9]{1,2} ?(?:min|minutos)|calendario|disponible|disponibilidad|invitacion|hablamos|charlar|conversar",
  "[0-9]{1,2} ?(?:min|minuti)|calendario|disponibile|disponibilita|invito|parlarne",
  "[0-9]{1,2} ?(?:min|minuten|minuutjes)|agenda|kalender|beschikbaar|uitnodiging|overleggen|koffie",
  "[0-9]{1,2} ?(?:min|minutos)|agendar|agendamos|ligar|conversa|conversar|convite|calendario|disponivel|disponibilidade|horario",
]);

/** Talking, without a call or a date: a meeting only with a day or time beside it. */
export const MEETING_WEAK = anyOf(["talk|speak|discuss", "sprechen|reden|besprechen|austauschen", "parler|discuter", "hablar|charlar|comentar", "parlare|parlarne|discutere", "spreken|praten|bespreken", "falar|conversar|discutir"]);
/** A day or an hour: a concrete time. */
export const MEETING_CLOCK = anyOf([WEEKDAY_NAMES, "[0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm|a\\.m\\.|p\\.m\\.|uhr)|[0-9]{1,2}:[0-9]{2}|(?:[01]?[0-9]|2[0-3])h(?:[0-9]{2})?|(?:a las|alle(?: ore)?|om) (?:[01]?[0-9]|2[0-3])(?: uur)?"]);
/** Opening hours, not a proposed time: "Monday to Friday", "de segunda a sexta", "lun.-ven.". Masked before days are read. */
export const WEEKDAY_RANGE = anyOf([`(?:from |von |du |de |da |dal |van |des )?(?:${WEEKDAY_NAMES})(?:-feira)? ?(?:to|till|until|through|thru|bis|au|a|al|tot|t/m|-) ?(?:${WEEKDAY_NAMES})(?:-feira)?`]);
/** A hedge that makes a stated time a deferral ("next year maybe"). */
export const HEDGE = anyOf(["maybe|perhaps|possibly|not before|again", "vielleicht|eventuell|nicht vor|noch ?einmal|nochmal|erneut", "peut-etre|pas avant|de nouveau|a nouveau", "quizas|quiza|tal vez|a lo mejor|no antes de|de nuevo|otra vez", "forse|non prima (?:di|del|della|dello|dell')|di nuovo", "misschien|wellicht|niet voor|nog (?:een ?)?(?:eens|keer)|opnieuw", "talvez|quem sabe|nao antes (?:de|do|da|dos|das)|de novo|novamente"]);
/** A far time opened by "after" (nach, après…): a deferral whatever else is said. */
export const AFTER_TIME = /^(?:after|nach|apres|despues|dopo|na|depois|until|till)(?![a-z])/;
/** An opening courtesy word ("Interesting — how does it …?"): interest only when nothing is asked. */
export const COURTESY_OPENING = /^(?:(?:hm+|ok(?:ay)?|well|oh|ah|hallo|hi|hello|bonjour|hola|ciao|ola|hoi)[,.!]? )?(?:(?:sounds|looks|klingt|suena|sembra|klinkt|parece) )?(?:very |quite |really |sehr |tres |muy |molto |heel |muito |super )?(?:interesting|interessant|interesante|interessante|intrigant|spannend|intriguing)(?= ?[.!,:;-]| ?$)/;
/** A near time: tomorrow, this or next week. */
export const MEETING_TIME = anyOf([
  "tomorrow|next week|this week|morgen|nachste woche|naechste woche|diese woche|demain|la semaine prochaine|cette semaine|manana|la proxima semana|la semana que viene|esta semana|domani|la settimana prossima|la prossima settimana|questa settimana|volgende week|deze week|amanha|(?:na )?proxima semana",
]);

/** "Not now" in each language: read (and masked) before refusals, so the "no" of "por ahora no, gracias" is not read as "no, gracias". */
export const NOT_NOW = anyOf([
  "not (?:right )?now|not (?:for|just) now|(?:not|isn'?t|wasn'?t) (?:a |the )?(?:good|great|best|right|ideal|perfect) (?:timing|time|moment)|not for the (?:moment|time being)|not at (?:the|this) (?:moment|time|stage|point)|not yet",
  "(?:aktuell|derzeit|momentan|im moment|gerade|zurzeit|zur zeit) kein thema|kein (?:guter|passender|idealer) zeitpunkt|nicht (?:der richtige|ein guter) zeitpunkt|nicht (?:jetzt|im moment|momentan|aktuell|zum jetzigen zeitpunkt|gerade)|(?:derzeit|aktuell|momentan|im moment|jetzt|gerade|zurzeit|zur zeit|jetzt gerade|gerade jetzt) nicht",
  "pas (?:le bon moment|un bon moment|le moment)|pas (?:pour le moment|maintenant|en ce moment|pour l'instant|tout de suite)|pour le moment non|pour l'instant non",
  "no es (?:un |el )?(?:buen|mejor) momento|ahora no|no (?:en este momento|por ahora|ahora mismo|de momento)|por ahora no|de momento no|por el momento no",
  "non e (?:il |un )?(?:momento giusto|buon momento|momento)|non (?:ora|adesso|in questo momento|al momento|per ora)|al momento no|per ora no|per il momento no",
  "geen (?:goed|geschikt) moment|niet (?:het juiste|een goed) moment|niet (?:nu|op dit moment|momenteel)|(?:nu|op dit moment|momenteel|voorlopig) (?:even )?niet|even niet",
  "nao e (?:um |o )?(?:bom|melhor) momento|agora nao|nao (?:agora|neste momento|no momento|por enquanto)|por enquanto nao|no momento nao|por ora nao",
]);
export const LATER = anyOf([
  "maybe later|(?:reach|get|check|circle|touch|follow|come) (?:back|out|in|up|base)(?: with me| with us| to me)?(?: again)? (?:in|after|next|around|later|early|at the|once|when|then|afterwards|at that point|closer|towards?|near)|(?:busy|swamped|slammed|buried|tied up|heads-down|heads down|underwater|snowed under|flat out) (?:until|till|through|for the next)|until after|reconnect|remind (?:me|us) (?:in|after|next|around|later|again|once|when|closer|before|at the|towards?)|(?:mid|in the middle of (?:a |an |our )?)[- ]?(?:reorg|reorgani[sz]ation|restructuring|migration|merger|acquisition|rollout|launch|audit)|revisit|circle back|down the (?:road|line)|in the future|(?:bad|wrong) timing|timing (?:isn'?t|is not|is) (?:right|bad|off)|(?:isn'?t|is not) a (?:good )?time|(?:ask|try) (?:me |us )?again|ping (?:me|us)(?: again| back)? (?:in|after|next|around|later|once|when|at the)|(?:write|e-?mail|contact|reach out to) (?:me|us) again|other priorities|keep (?:me|us) (?:posted|in mind)|on (?:the|our) radar|later",
  "spater|spaeter|fragen sie (?:gerne |gern |bitte |doch )?(?:[a-z]+ ){0,3}(?:noch ?einmal|nochmal|erneut|wieder) nach|zu einem spateren zeitpunkt|melden sie sich (?:gerne |bitte |doch )?(?:wieder|nochmal|noch ?einmal|erneut|in|im|nach)|kommen sie (?:gerne |bitte |doch )?(?:wieder|nochmal|noch ?einmal|im|in|nach)|andere prioritaten|(?:wieder|nochmal|erneut) aufgreifen",
  "plus tard|ulterieurement|relancez(?:-| )(?:moi|nous)|me relancer|nous relancer|d'autres priorites|recontactez(?:-| )(?:moi|nous)|revenez vers (?:moi|nous)|a l'avenir",
  "mas adelante|en el futuro|otras prioridades|retomar(?:lo)?|retomemos|vuelva a (?:contactar|escribir)|(?:contactame|contacteme|escribeme|escribame) (?:mas adelante|en|despues)|mas tarde",
  "piu avanti|in futuro|altre priorita|riprendere (?:il discorso|la conversazione|i contatti)|ricontattami|ricontattarmi|ricontattateci|ricontattarci|risentiamoci|piu tardi",
  "in de toekomst|op een later moment|andere prioriteiten|later",
  "mais tarde|mais (?:para|pra) (?:a )?frente|outras prioridades|retomar|retomamos|mais adiante|no futuro|entre em contato (?:novamente )?(?:em|mais|no|depois)|volte a (?:falar|entrar)",
]);
/** Words that make the time after them a deadline ("before next quarter", "ahead of Q3", "d'ici la fin de l'année"), not a deferral. */
export const DEADLINE_BEFORE = /(?<![a-z])(?:before|ahead of|prior to|no later than|in time for|by|vor|vorm|avant|d'ici|antes de|antes del|prima di|prima del|prima della|entro|uiterlijk|voor het einde van|ate o (?:fim|final) d[eo])(?: the| la| le| l'| el| il| lo| de| del| dem| der| den| het| o| a)? ?$/;
/** A time further off than this week: "next quarter", "in three months", "after the summer", "in January". */
export const FAR_FUTURE = anyOf([
  `next (?:yr|qtr|quarter|year|month|fiscal(?: year)?|season|budget(?: cycle)?|half|spring|summer|fall|autumn|winter)|in (?:about |around |roughly |another |approximately )?(?:a few|a couple of|two|three|four|five|six|eight|ten|twelve|[0-9]{1,2}) (?:weeks|months|quarters|years)|in a (?:month|year|few months|couple of months)|q[1-4]|h[12]|(?:early|later|end of|beginning of|start of|middle of|mid|late) (?:the |this |next )?(?:year|quarter|month|${MONTH_NAMES})|after (?:the )?(?:summer|holidays|holiday season|new year|christmas|easter|q[1-4]|${MONTH_NAMES})|(?:in|around|until|by|from) (?:${MONTH_NAMES})|this (?:fall|autumn|winter|spring|summer)|in (?:the )?(?:spring|summer|fall|autumn|winter|new year)|(?:the )?(?:first|second) half of (?:the|next) year|(?:planning|budget|budgets|budgeting|roadmap)(?: cycle)? (?:for|of) 20[2-9][0-9]|(?:in )?the (?:first|second|third|fourth) quarter|not (?:before|until) (?:${MONTH_NAMES})`,
  `nachstes jahr|nachsten jahr|naechstes jahr|nachstes quartal|nachsten quartal|im nachsten (?:jahr|quartal|monat|halbjahr)|in (?:ein paar|einigen|zwei|drei|vier|sechs|[0-9]{1,2}) (?:wochen|monaten|jahren)|nach (?:dem sommer|den (?:sommer)?ferien|ostern|weihnachten|dem jahreswechsel|neujahr|den feiertagen|den festtagen)|(?:im|ab|anfang|ende|mitte|nach) (?:${MONTH_NAMES})|(?:im|ab) (?:herbst|fruhjahr|fruehjahr|sommer|winter)|anfang (?:nachsten|des nachsten) jahres|im neuen jahr|(?:im )?(?:ersten|zweiten) halbjahr|(?:im )?(?:ersten|zweiten|dritten|vierten) quartal|nicht vor (?:${MONTH_NAMES})`,
  `l'annee prochaine|l'an prochain|le (?:trimestre|mois|semestre) prochain|dans (?:quelques|deux|trois|six|[0-9]{1,2}) (?:semaines|mois|ans)|apres l'ete|a la rentree|apres les (?:vacances|fetes)|(?:en|debut|fin|mi|courant|apres) (?:${MONTH_NAMES})|(?:a l'|cet |en )(?:automne|printemps|hiver|ete)|au printemps|(?:au|apres le) nouvel an|(?:au )?(?:premier|second|deuxieme) semestre|(?:au )?(?:premier|second|deuxieme|troisieme|quatrieme) trimestre|pas avant (?:la rentree|l'ete|l'automne|(?:${MONTH_NAMES}))`,
  `el (?:proximo|siguiente) (?:ano|trimestre|mes|semestre)|el ano que viene|dentro de (?:unos|unas|dos|tres|seis|[0-9]{1,2}) (?:semanas|meses|anos)|despues del verano|despues de (?:las vacaciones|verano|navidad|las fiestas|semana santa)|(?:en|a principios de|a finales de|a mediados de|despues de) (?:${MONTH_NAMES})|(?:en|este|el proximo) (?:otono|invierno|primavera|verano)|(?:en el|con el|despues del) ano nuevo|(?:en el )?(?:primer|segundo) semestre|(?:en el )?(?:primer|segundo|tercer|cuarto) trimestre|no antes de (?:${MONTH_NAMES})`,
  `l'anno prossimo|il prossimo anno|il prossimo (?:trimestre|mese|semestre)|tra (?:qualche|pochi|due|tre|sei|[0-9]{1,2}) (?:settimane|mesi|anni)|dopo l'estate|dopo le (?:ferie|vacanze|feste)|(?:a|ad|in|da|inizio|fine|meta|dopo) (?:${MONTH_NAMES})|in (?:autunno|inverno|primavera|estate)|(?:nel|con il|dopo il) nuovo anno|(?:nel )?(?:primo|secondo) semestre|(?:nel )?(?:primo|secondo|terzo|quarto) trimestre|non prima di (?:${MONTH_NAMES})`,
  `volgend jaar|volgend kwartaal|volgende maand|over (?:een paar|enkele|twee|drie|zes|[0-9]{1,2}) (?:weken|maanden|jaar)|na de (?:zomer|vakantie|zomervakantie|feestdagen)|(?:in|begin|eind|half|na) (?:${MONTH_NAMES})|in het (?:najaar|voorjaar|nieuwe jaar)|in de (?:zomer|winter|lente|herfst)|(?:in het )?(?:eerste|tweede) halfjaar|(?:in het )?(?:eerste|tweede|derde|vierde) kwartaal|niet voor (?:${MONTH_NAMES})`,
  `no proximo (?:ano|trimestre|mes|semestre)|(?:o )?ano que vem|proximo trimestre|daqui a (?:alguns|algumas|dois|duas|tres|seis|[0-9]{1,2}) (?:semanas|meses|anos)|depois do verao|depois das (?:ferias|festas)|depois do (?:carnaval|feriado)|(?:em|no inicio de|no final de|em meados de|depois de) (?:${MONTH_NAMES})|(?:no|neste) (?:outono|inverno|verao)|(?:na|nesta) primavera|(?:no|depois do) ano novo|(?:no )?(?:primeiro|segundo) semestre|(?:no )?(?:primeiro|segundo|terceiro|quarto) trimestre|nao antes de (?:${MONTH_NAMES})`,
]);

export const WRONG_PERSON = anyOf([
  "not (?:the )?(?:right|correct|best|appropriate|relevant|proper) (?:person|contact|one|people)|not me(?= ?[,.;!-]| ?$)|(?:i'?m|i am) not the one who (?:decides|makes (?:the|these|those) decisions|handles|buys)|wrong (?:person|contact|guy|department)|(?:have|got|reached|emailed|contacted|messaged) the wrong (?!idea|impression|end|version|file|link|attachment)[a-z]+(?= ?[,.;!:—–-]| ?$)|(?:not|n'?t) (?:responsible|in charge) (?:for|of)|(?:don'?t|do not|doesn'?t|does not) (?:handle|deal with|manage|look after|make (?:these|those|such|this|that) decisions|make (?:the |any )?(?:purchasing |buying )?decisions? (?:on|about|for|regarding)|decide on)|not something i (?:handle|deal with|decide on|look after|manage|cover|am responsible for)|(?:not|isn'?t|is not|not really) my (?:area|department|responsibility|call|decision|field|remit|domain|job|role)|not involved in|(?:outside|not (?:within|in)) (?:of )?my (?:area|remit|scope|responsibilities)|(?:doesn'?t|does not) fall (?:under|within|into) my|someone else (?:handles|deals|is responsible)|(?:i'?m|i am) not (?:the one|the decision maker|the decision-maker|involved)|above my pay grade|(?:doesn'?t|does not|don'?t) (?:really )?(?:apply|relate) to (?:me|my role)|no longer (?:in|working in|responsible for) (?:a |the |this |that )?[a-z-]+ (?:role|position|team|function)|not with me(?= ?[.!]| ?$)|(?:sits|lies|rests|falls) (?:with|under) (?:our|the|my) [a-z -]{1,30}, not (?:with )?me|(?:can'?t|cannot|can not) help (?:you )?with (?:this|that)|(?:a )?(?:question|topic|one|matter|conversation) for (?:our|the|my) (?:[a-z-]{1,20} ){0,2}(?:team|folks|people|department|colleagues|guys|side|dept)",
  "nicht (?:der|die) (?:richtige|zustandige|zustaendige) (?:ansprechpartner|ansprechpartnerin|person)|nicht zustandig|nicht zustaendig|falschen? ansprechpartner|falsche person|nicht mein (?:bereich|thema|ressort|aufgabengebiet|zustandigkeitsbereich|gebiet)|nicht (?:fur|in) meinem (?:bereich|aufgabenbereich|zustandigkeitsbereich)|(?:liegt|fallt|faellt) nicht in meinen? (?:bereich|aufgabenbereich|zustandigkeitsbereich|zustandigkeit|verantwortungsbereich)|(?:da|dafur|hierfur) bin ich (?:der|die) falsche|habe (?:ich )?(?:damit|hiermit) nichts zu tun|(?:damit|hiermit) habe ich nichts zu tun|entscheide (?:ich )?(?:das |daruber |darueber |hieruber |dies )?nicht",
  "pas la bonne personne|pas le bon (?:interlocuteur|contact)|pas la bonne interlocutrice|ne suis pas (?:en charge|responsable|le bon|la bonne|concernee?)|pas (?:de mon ressort|mon domaine|mon sujet|dans mon perimetre|de mon perimetre|moi qui (?:gere|m'occupe|decide|traite))|ne (?:m'occupe|gere|traite) pas (?:de|des|du|ce|ces|cela|ca|ce genre)|hors de mon perimetre|mauvaise personne|mauvais interlocuteur|(?:ne suis |suis )?pas (?:le |la )?decisionnaire",
  "no soy la persona (?:adecuada|indicada|correcta|responsable)|no soy yo (?:quien|el que|la que) (?:decide|lleva|gestiona)|no decido yo|persona equivocada|equivocad[oa]s? de (?:persona|contacto|destinatario)|no soy (?:el|la) (?:responsable|interlocutor|interlocutora|indicad[oa])|no me (?:encargo|ocupo|corresponde)|no (?:es|son) (?:de )?mi (?:area|departamento|responsabilidad|competencia|ambito|tema)|no (?:lo )?llevo (?:yo )?(?:este|ese|estos|esos|esta|esa|estas|esas|el|los|la|las)? ?(?:tema|temas|asunto|asuntos|area|cuestion|cuestiones)|no lo llevo yo|no (?:gestiono|decido) (?:yo )?(?:este|ese|esto|eso|estos|esos)",
  "non sono la persona (?:giusta|adatta|indicata|corretta)|non sono io la persona|non sono io (?:a|che) (?:decidere|decido|gestire|gestisco|seguire|seguo)|non decido io|persona sbagliata|sbagliato (?:persona|destinatario|contatto)|non (?:sono|e) (?:il|la) (?:responsabile|referente)|non (?:mi|me ne) occupo|non (?:e|sono) di mia (?:competenza|pertinenza)|non (?:e|rientra) (?:il mio|nel mio) (?:ambito|settore|campo|ruolo)|non seguo (?:io )?(?:questo|questi|queste|questa) (?:tema|temi|argomento|argomenti|attivita)",
  "niet de juiste persoon|niet degene die (?:hierover |daarover |dit |dat )?(?:beslist|besluit|beslis|gaat)|ik beslis (?:dat |dit |hier |daar )?niet|verkeerde persoon|niet (?:het juiste|de juiste) aanspreekpunt|niet verantwoordelijk|ga (?:ik )?(?:daar|hier) niet over|(?:daar|hier) ga ik niet over|niet mijn (?:afdeling|verantwoordelijkheid|terrein|vakgebied|taak|pakkie-an)|valt niet (?:onder|binnen) mijn",
  "nao sou a pessoa (?:certa|indicada|correta|adequada)|pessoa errada|nao sou (?:o |a )?responsave(?:l|is)|nao (?:cuido|trato) (?:disso|desse|dessa|desses|dessas|deste|desta|deste)|nao (?:e|eh) (?:da )?minha (?:area|responsabilidade|alcada)|nao e comigo|nao sou eu quem (?:decide|cuida|trata)",
]);

/** The writer's own assistant: someone who books their meetings, not someone the thread moves to. */
export const ASSISTANT = anyOf([
  "(?:my|our) (?:executive |personal |virtual )?(?:assistant|ea|pa|secretary|scheduler|office manager)",
  "(?:meine|meiner|meinem|mein|unsere|unserer|unserem|unser) (?:assistentin|assistenten|assistent|sekretarin|sekretar|sekretariat|buro)",
  "(?:mon|ma|notre) (?:assistante?|secretaire|secretariat)",
  "(?:mi|nuestra|nuestro) (?:asistente|secretaria|secretario)",
  "(?:la mia|il mio|la nostra|il nostro|mia|mio) (?:assistente|segretaria|segretario|segreteria)",
  "(?:mijn|onze) (?:assistente?|secretaresse|secretariaat|office manager)",
  "(?:minha|meu|nossa|nosso) (?:assistente|secretaria|secretario)",
]);

/** Pointing to someone else: what comes after it is a name or an address (proposal.ts reads which). */
export const REFERRAL_VERB = anyOf([
  "contact|reach out to|try (?:reaching out to|contacting|talking to|speaking (?:to|with)|emailing|calling)|talk to|talk with|speak to|speak with|get in touch with|write to|connect with|check with|(?:introduce|introducing|connect|connecting|put|putting) you (?:to|with|in touch with)|(?:point|refer|direct|redirect) you to|loop in|(?:the )?(?:right|best|correct|appropriate) (?:person|contact|people) (?:is|are|would be|to talk to|for this)|(?:he|she|they)(?:'s| is| are| will be| would be) (?:the right|better placed|responsible|in charge|handling)|(?:who|which) (?:handles|manages|is responsible|looks after|is in charge)|handles (?:this|that|these|our)|responsible for (?:this|that|these|our)|in charge of (?:this|that|these|our)",
  "wenden sie sich (?:bitte )?an|kontaktieren sie|(?:ansprechpartner|ansprechpartnerin) (?:ist|ware|dafur|hierfur)|zustandig ist|zustaendig ist|melden sie sich (?:bei|an)|schreiben sie (?:an|bitte an)|sprechen sie (?:am besten |lieber |bitte |direkt )?mit|(?:dafur|hierfur|dafuer|hierfuer) (?:ist|ware)|stelle (?:ihnen|sie) (?:den kontakt )?(?:zu|mit)|verbinde sie mit|(?:gehen|wenden) sie (?:am besten |lieber |bitte |direkt )?(?:auf|an)",
  "contactez|contacter|adressez-vous (?:plutot |directement |donc )?a|veuillez (?:contacter|vous adresser)|(?:voyez|voir|verifiez|voyez donc) (?:plutot |directement |cela |ca |ce point |le sujet )?avec|(?:mets|mettre|mettrai|mettons) en (?:relation|contact) avec|rapprochez-vous (?:plutot |directement )?(?:de|d'|du)|je (?:transmets|transfere) (?:votre (?:message|mail|demande) )?a|(?:je vous|je te) (?:redirige|oriente) vers|la bonne personne (?:est|serait)|s'occupe de|est en charge|est responsable|ecrivez a",
  "contacte con|contacta con|contactar con|contactar a|pongase en contacto|escriba a|escribe a|(?:hable|habla|hablar|hablad) (?:mejor |directamente |primero |antes )?con|consulte con|dirijase a|(?:le|te|les|os) (?:pongo|pondre) en contacto con|(?:le|te|les|os) (?:presento a|paso con)|(?:quien|el que|la que) (?:lleva|gestiona|decide|ve|se encarga de|se ocupa de) [a-z ]{0,40}?(?:es|seria)|la persona (?:adecuada|indicada|correcta) (?:es|seria)|se encarga|es (?:el|la) responsable",
  "contatti|contattare|contatta|rivolgersi a|si rivolga a|rivolgiti a|scriva a|scrivi a|parli con|parla con|(?:meglio|puo|potete|deve|dovrebbe|conviene|dovresti|devi|potresti|puoi|dovreste|potreste) (?:sentire|contattare|chiedere a|parlare con|scrivere a)|senta (?:pure)?|(?:la|ti|vi|le) (?:metto|mettero) in contatto con|(?:chi|colui che|colei che) (?:segue|gestisce|decide|si occupa di) [a-z ]{0,40}?(?:e|sarebbe)|la persona giusta (?:e|sarebbe)|si occupa|e (?:il|la) responsabile|e (?:il|la) referente",
  "neem contact op met|contact opnemen met|mail (?:naar|met)|spreek met|wend u tot|(?:kunt|kan|moet|moeten|kunnen) (?:u|je|jullie)? ?(?:het beste |beter |daarvoor |hiervoor |daarmee |het best )?bij|breng (?:u|je|jullie) in contact met|verwijs (?:u|je|jullie) (?:door )?naar|bel (?:even )?met|de juiste persoon (?:is|zou)|gaat (?:hierover|daarover)|is verantwoordelijk",
  "entre em contato com|entrar em contato com|contate|contacte|fale com|falar com|converse com|procure (?:o|a)|escreva para|(?:vou )?(?:te|lhe|os|o|a) (?:colocar|coloco|por|ponho) em contato com|quem (?:cuida|trata|decide|responde|gerencia|ve) [a-z ]{0,40}?(?:e|seria)|a pessoa (?:certa|indicada|correta) (?:e|seria)|cuida (?:disso|de)|e (?:o|a) responsavel",
]);
/** Pointing to someone whose name comes BEFORE: "Nathalie Roux handles this", "c'est Paul qui s'occupe de ça". */
export const REFERRAL_AFTER_NAME = anyOf([
  "(?:who )?(?:(?:handles|manages|owns|runs|looks after|takes care of|is responsible for|is in charge of|decides on) (?:this|that|these|those|it|our|all|purchasing|procurement|vendors?|such|the (?:budget|decision|purchasing|procurement|topic|area|contract))|is the (?:right|best) (?:person|contact)|(?:is|would be) your (?:guy|gal|person|man|woman|contact|go-to(?: person)?|best bet)|(?:is|would be|will be) the (?:one|person|people|guy|contact) (?:to talk to|to speak (?:to|with)|to contact|to ask|you want|you need|you're looking for))",
  "(?:(?:der|die) )?(?:ist (?:dafur|hierfur|dafuer|hierfuer) )?(?:zustandig|zustaendig|verantwortlich)|kummert sich (?:darum|um)|kuemmert sich (?:darum|um)",
  "qui (?:s'occupe|gere|traite|suit|pilote|decide|est (?:en charge|responsable))",
  "(?:(?:que|quien) )?(?:se encarga|se ocupa|lleva (?:este|ese|estos|esos) tema|gestiona (?:esto|eso|este|ese)|es (?:quien|el responsable|la responsable))",
  "(?:(?:che|chi) )?(?:si occupa|segue (?:questo|questi|queste|questa)|gestisce (?:questo|questi|queste|questa)|e (?:il|la) (?:responsabile|referente))",
  "(?:(?:die|dat) )?(?:gaat (?:hier|daar)over|is (?:hier|daar)voor verantwoordelijk|regelt (?:dit|dat|dat soort))",
  "(?:(?:que|quem) )?(?:cuida (?:disso|desse|dessa|deste|desta|dos|das|do|da)|e (?:quem|o responsavel|a responsavel)|trata (?:disso|desse|dessa))",
]);
/** Passed on to someone else, named or not: "I've forwarded your e-mail to our CTO". */
export const FORWARDED = anyOf([
  "(?:let me|(?:i|we)(?:'ll| will)) (?:loop in|introduce you|connect you|put you in touch)|(?:i|we)(?:'ve| have|'ll| will| am| are|'m|'re)? (?:forwarded|forwarding|passed (?:this|it|your|on|along)|passing (?:this|it|your|on|along)|cc'?d|cc'?ing|copied|copying|looped in|looping in|introduced|introducing)|(?:cc'?ing|copying|looping in)|(?:in|on) cc|\\(cc'?e?d\\)",
  "(?:habe|hab|werde) (?:ihre (?:e-?)?(?:mail|nachricht|anfrage)|das|es|sie) (?:an [a-z ,.-]{2,60})?weitergeleitet|weitergeleitet an|leite (?:ihre (?:e-?)?(?:mail|nachricht|anfrage)|das|es) (?:an [a-z ]{2,40})?weiter|in kopie|in cc",
  "(?:j'ai|je vais|je viens de) (?:transmis|transferer|transfere|transmettre|mis en copie|faire suivre)|je (?:transmets|transfere|fais suivre)|en copie",
  "(?:he|voy a|acabo de) (?:reenviado|reenviar|pasado|pasar|trasladado|trasladar)|en copia|reenvio (?:su|tu)",
  "(?:ho|sto|ti ho) (?:inoltrato|inoltrando|girato|girando|passato|messo in copia)|in copia|inoltro (?:la sua|la tua)",
  "(?:heb|ik heb|ik stuur) (?:je|uw|jouw|het|dit) (?:e-?mail |bericht )?(?:doorgestuurd|door)|doorgestuurd naar|in de cc|in cc",
  "(?:encaminhei|reencaminhei|vou encaminhar|repassei|vou repassar)|em copia",
]);

export const MOVED = anyOf([
  "i(?: have|'ve) left|i left (?:the company|the organi[sz]ation|the firm|my (?:role|position|job))|i left (?!a |an |the |you |it |this |that |my |your |our |his |her |them |him |for |on |at |in |out|off|early|work|home|office|town|yesterday|today|voicemail|message)[a-z0-9&.-]{2,30}(?= (?:last|in|a|this|at|and|to|for|back|over|some|recently)|[.,;!]|$)|i(?:'m| am) no longer (?:with|at|working|employed|part of)|i no longer work|i (?:don'?t|do not) work (?:at|for|there|here)[^.!?\n]{0,40}?any ?more|(?:he|she) (?:doesn'?t|does not) work (?:at|for|there|here)[^.!?\n]{0,40}?any ?more|i'?m not with [^.!?\n]{1,40}?any ?more|(?:is|are) no longer (?:with|at|employed|working|part of)|no longer works? (?:at|for|with)|(?:has |have )?left (?:the company|the organi[sz]ation|the firm|the business|our company)|(?:has|have) left the team|(?:has|have) left (?!a |an |for |the |you |me |us |it |this |that |his |her |their |our |early|today)[a-z0-9&.-]{2,30}(?=[ .,;!]|$)|(?:has|have) moved on|(?:my|his|her) new (?:e-?mail|email|address|e-?mail address|email address|company|role|position)|i(?:'ve| have) (?:moved|changed) (?:to|jobs|roles|companies|my e-?mail)|i(?:'m| am) now (?:at|with|working (?:at|for))|moved on (?:from|to)|(?:please )?update (?:your records|my (?:e-?mail|email|address|contact))",
  "(?:ich )?(?:habe|hab) (?:das unternehmen|die firma|[a-z]{2,30})(?: [a-z0-9.]{1,15}){0,3} verlassen|(?:ich )?bin nicht mehr (?:bei|im unternehmen|fur|tatig|taetig)|ich arbeite nicht mehr|ich arbeite (?:[a-z]+ ){1,3}nicht mehr (?:bei|fur)|(?:ist|sind) nicht mehr (?:im unternehmen|bei|fur|tatig|taetig|beschaftigt|beschaeftigt)|hat (?:das unternehmen|die firma|uns) verlassen|arbeitet nicht mehr|(?:meine|seine|ihre) neue (?:e-?mail-?adresse|e-?mail|adresse)",
  "j'ai quitte|je ne (?:fais|travaille) plus|je ne suis plus (?:chez|dans|au sein)|ne fait plus partie|n'est plus (?:chez|dans|au sein|en poste)|ne travaille plus|a quitte (?:la societe|l'entreprise|la structure|le groupe|nos effectifs)|(?:ma|sa) nouvelle adresse",
  "he dejado (?:la empresa|la compania|mi puesto|de trabajar)|(?:deje|sali de|he dejado) [a-z0-9&.-]{2,30} (?:el (?:mes|ano) pasado|en (?:" + MONTH_NAMES + ")|hace (?:un|una|dos|tres|unos|unas|[0-9]+) (?:mes|meses|semanas|anos))|ya no (?:trabajo|estoy en|formo parte|trabaja|forma parte|esta en|esta con)|ha dejado (?:la empresa|la compania|de trabajar)|(?:mi|su) nuev[oa] (?:direccion|correo|e-?mail)",
  "ho lasciato (?:l'azienda|la societa|l'organizzazione|il mio (?:ruolo|incarico|lavoro))|ho lasciato [a-z0-9&.-]{2,30} (?:il mese scorso|l'anno scorso|a (?:" + MONTH_NAMES + ")|ad (?:" + MONTH_NAMES + ")|(?:un|due|tre|[0-9]+) (?:mese|mesi|settimane|anni) fa)|non (?:lavoro|faccio|lavora|fa) piu|non (?:sono|e) piu (?:in|presso|con|parte)|ha lasciato (?:l'azienda|la societa|l'organizzazione)|(?:il mio|il suo) nuovo indirizzo",
  "ik ben niet meer (?:werkzaam|in dienst|bij)|ik heb (?:het bedrijf|de organisatie|[a-z]{2,30}) verlaten|ik werk niet meer|ik werk (?:[a-z]+ ){1,3}niet meer (?:bij|voor)|(?:is|zijn) niet meer (?:werkzaam|in dienst|bij)|heeft (?:het bedrijf|de organisatie|ons) verlaten|werkt niet meer|(?:mijn|zijn|haar) nieuwe (?:e-?mail(?:adres)?|adres)",
  "(?:deixei|sai da|sai de) (?:a empresa|empresa|a companhia|o cargo|o emprego)|(?:deixei a|sai da|sai do) [a-z0-9&.-]{2,30} (?:no (?:mes|ano) passado|em (?:" + MONTH_NAMES + ")|ha (?:um|uma|dois|duas|tres|alguns|algumas|[0-9]+) (?:mes|meses|semanas|anos))|nao (?:trabalho|faco|trabalha|faz) mais|ja nao (?:trabalho|estou|faz|trabalha|esta)|deixou (?:a empresa|a companhia|de trabalhar)|saiu da empresa|(?:meu|seu) novo (?:e-?mail|endereco)",
]);
/** Words that say an address is the writer's own new one. */
export const OWN_NEW_ADDRESS = anyOf([
  "(?:my|his|her) new (?:e-?mail|email|address)|new (?:e-?mail |email )?address|reach (?:me|him|her) at|contact (?:me|him|her) at|e-?mail (?:me|him|her) at|write to (?:me|him|her) at|can be reached at|(?:i'?m|i am|(?:he|she) is) now at|you can (?:reach|find|contact) (?:me|him|her)",
  "neue (?:e-?mail-?adresse|e-?mail|adresse)|erreichen sie (?:mich|ihn|sie) (?:unter|ab sofort)|(?:bin|ist) (?:ab sofort |jetzt |nun )?(?:unter|erreichbar unter)",
  "nouvelle adresse|me (?:joindre|contacter|ecrire) (?:a|sur|via)|(?:le|la) joindre (?:a|sur|via)",
  "nuev[oa] (?:direccion|correo|e-?mail)|(?:contactarme|escribirme|localizarme) en",
  "nuovo indirizzo|(?:contattarmi|scrivermi|raggiungermi) (?:a|al|su|all')",
  "nieuwe (?:e-?mail(?:adres)?|adres)|(?:bereik|mail) (?:me|mij) (?:op|via)|ben (?:bereikbaar|te bereiken) (?:op|via)",
  "novo (?:e-?mail|endereco)|(?:me contatar|me contactar|falar comigo|me escrever) (?:em|no|pelo|via)",
]);

export const QUESTION_START = anyOf(
  [
  "^(?:what|how|who|why|when|where|which|can you|could you|do you|does it|does this|is it|is this|is there|are you|are there|would it|will it|have you|any chance)",
  "^(?:was|wie|wer|warum|wieso|weshalb|wann|wo|welche[rsmn]?|konnen sie|koennen sie|gibt es|ist es|haben sie|bieten sie)",
  "^(?:qu'est-ce|quel(?:le)?s?|comment|pourquoi|quand|ou|combien|est-ce que|pouvez-vous|avez-vous|proposez-vous)",
  "^(?:que|como|quien|por que|cuando|donde|cual|cuanto|cuanta|pueden|puede|tienen|ofrecen)",
  "^(?:cosa|come|chi|perche|quando|dove|quale|quanto|quanta|potete|puo|avete|offrite)",
  "^(?:wat|hoe|wie|waarom|wanneer|waar|welke|kunt u|kan je|kunnen jullie|is het|hebben jullie|bieden jullie)",
  "^(?:o que|como|quem|por que|porque|quando|onde|qual|quanto|quanta|podem|pode|voces|tem)",
  ],
  "",
);

export const HOSTILE = anyOf([
  "spam|spammer|spamming|scam|harass(?:ing|ment)?|annoying|stop bothering|leave (?:me|us) alone|f+u+c+k|wtf|ridiculous|unsolicited|how did you get (?:my|this|our)|who gave you (?:my|this|our)|report(?:ing)? you|idiot|waste of (?:my|our) time|never (?:again|heard of you)",
  "belastigung|belaestigung|unverschamt|unverschaemt|lassen sie (?:mich|uns) in ruhe|woher haben sie (?:meine|diese)",
  "harcelement|arretez de m'embeter|foutez-moi la paix|laissez-moi tranquille|d'ou (?:tenez|avez)-vous (?:mon|mes|cette)",
  "acoso|dejenme en paz|de donde (?:sacaron|saco|han sacado) (?:mi|mis|este)|molesto",
  "molestia|lasciatemi in pace|da dove avete (?:preso|avuto) (?:il mio|la mia|i miei)|fastidioso",
  "irritant|laat (?:me|mij|ons) met rust|hoe komt u aan (?:mijn|dit)|waar heeft u (?:mijn|dit)",
  "assedio|me deixem em paz|de onde (?:tiraram|conseguiram) (?:meu|o meu|esse)|irritante",
]);
