/// The crisis screen's phrases, per language and kind (docs/AI.md, "Safety").
///
/// Written by hand for this project: no openly licensed crisis lexicon
/// covers these languages with slang. Each phrase is a pattern over the
/// words of ``SafetyText/normalized(_:)`` text, accents ignored
/// (``SafetyText/withoutDiacritics(_:)``) and apostrophes dropped inside a
/// word ("don't" reads "dont"):
/// - words separated by spaces; `a|b|c`: any one of them; `_` joins the
///   words of one choice (`do_not|never`);
/// - `word*`: any word starting with `word` (German and Dutch compounds,
///   inflections: `suicid*`, `brustschmerz*`);
/// - `...`: up to ``CrisisMatcher/maxGap`` other words, within one sentence
///   ("my chest is so tight and my left arm feels numb");
/// - `$`: the end of a sentence or of the message;
/// - `#` before a word: not right after a number or a quantity word
///   ("kms" is slang for "kill myself", "5 kms" a distance);
/// - `<n>`: a number of ten or more, in digits or words ("took 30 pills").
///
/// In a pattern of two words or more, a word of five letters or more also
/// matches with one typo (Damerau-Levenshtein distance 1: one letter added,
/// removed, changed, or two neighbours swapped: "can't breath", "hang
/// myslef"), as long as one word of the pattern matches as written. A
/// pattern of one word allows a typo only when it says so with `~`
/// (`suicide~` matches "sucide"): single words like "choking" or "fainted"
/// are one letter from everyday words ("cooking", "painted").
/// Patterns without `...`, `$` or `#` whose words run to seven letters or
/// more are also found in the text with its spaces removed, so that
/// "kill" + zero-width space + "myself" (which normalisation joins) still
/// reads "killmyself". A pattern holding Chinese or Japanese characters is
/// matched as substrings of the text without spaces, `...` allowing up to
/// ``CrisisMatcher/maxCJKGap`` characters between parts.
///
/// ``benign`` lists the few ordinary phrases that contain a screened word
/// ("suicide sprints", a drill): they are blanked before matching. Everything
/// else errs towards the crisis reply: a false alarm costs one fixed reply,
/// a missed crisis much more.
enum CrisisLexicon {
    /// One language's patterns, by kind.
    struct Language: Sendable {
        let suicide: [String]
        let overdose: [String]
        let medical: [String]
        let benign: [String]
    }

    static func patterns(of language: CrisisLanguage) -> Language {
        switch language {
        case .english: english
        case .german: german
        case .spanish: spanish
        case .french: french
        case .portuguese: portuguese
        case .italian: italian
        case .dutch: dutch
        case .chinese: chinese
        case .japanese: japanese
        }
    }

    static let english = Language(
        suicide: [
            "suicide~|suicidal~|suicid*", "sewerslide~|sewerslid*", "sewer slide", "commit sudoku", "unaliv*",
            "#kms", "#kys", "kill|killing|murder|off|offing myself|meself|my_self", "end|ending my life",
            "take|taking my life $", "take|taking my life tonight|today|now|soon",
            "end|ending|take|taking ... my own life", "end it all", "ending it all", "end things $",
            "want|wanna|wish|ready|deserve|going|gonna|plan|planning ... to die $",
            "want|wanna|wish|ready|deserve|going|gonna|plan|planning ... to die tonight|today|now|soon",
            "i want|wanna ... die|dead", "want|wanna|wish to die", "wanna die", "just want|wanna ... die|dead $",
            "want|wanna to be dead", "wish i was|were|had ... dead|gone|never_born",
            "better off dead|gone", "rather be dead",
            "decided|going|gonna|ready|want|wanna|time ... to end it $", "end it tonight|now|today|soon",
            "stop|quit existing|living|being_alive", "want out of ... this|my life", "should just die",
            "better off without me",
            "better off if i ... gone|dead|wasnt|werent|didnt_exist|was_not|were_not",
            "world ... better ... without me", "happier|better ... if i was|were|wasnt|werent ... dead|gone|here|alive",
            "see|seeing ... point in|of living|life|going_on|existing|being_alive", "would be better ... without me",
            "dont|do_not|never want|wanna ... to live|exist|be_alive|be_here",
            "dont|do_not|never want|wanna ... be alive",
            "feel|feeling like dying|im_dying", "i cut|cutting again $", "start|started cutting again",
            "want|wish ... everything to stop|end", "stop forever", "im|i_am a burden", "burden to everyone|everybody",
            "everyone|everybody|they|family would be better off $", "about|going|gonna|ready to jump $",
            "dont|do_not|never want|wanna ... live|exist anymore|no_more", "dont|do_not|never want ... to wake up $",
            "dont|do_not|never want ... to wake up tomorrow|again|ever|anymore|in_the_morning",
            "hope|wish ... never wake up", "hope|wish i ... dont|wont|do_not|will_not ... wake up",
            "sleep and never wake up", "go to sleep forever",
            "nobody|noone|no_one|nobodys would|will|wouldnt|gonna ... miss me",
            "nobody|noone|no_one would|will ... care|notice if i ... gone|died|dead|disappeared|wasnt",
            "no reason to live|go_on|keep_going|stay", "not worth living", "life isnt|is_not worth ... living",
            "life isnt|is_not|aint worth it",
            "tired|sick|done of|with living|life|being_alive|existing",
            "cant|cannot|can_not go_on|keep_going ... anymore|like_this|any_longer|living",
            "give|giving|given up on life|living", "want|wanna|going to disappear ... forever|for_good|permanently",
            "disappear forever", "vanish forever", "not be here anymore", "not be around anymore",
            "hurt|hurting|harm|harming|cut|cutting|burn|burning|punish|punishing|starve|starving myself",
            "self harm|harming|harmed|injury|injure|injuring|hurt|mutilation", "selfharm*",
            "slit|slice|slitting|cut|cutting ... my ... wrists|wrist|throat",
            "on ... bridge|ledge|roof|rooftop ... right now",
            "bought|got|have ... rope|noose ... hang", "razor ... wrists|wrist",
            "hang|hanging|hung myself", "noose",
            "jump|jumping|leap|leaping|throw ... off|from ... bridge|roof|rooftop|building|cliff|balcony|tower|window",
            "jump|jumping|leap|leaping|throw ... off|from ... overpass|flyover|skyscraper|dam|parking_garage|car_park",
            "jump|jumping|throw|step|stepping|walk|walking ... in_front_of|under ... train|bus|car|truck|lorry",
            "shoot|shooting myself", "gun to my head", "drown|drowning myself", "suicide|goodbye note",
            "write|wrote|writing ... goodbye letter",
            "wrote|write|writing|written|recorded ... goodbye|farewell ... letter|letters|note|notes|texts|messages|"
                + "videos",
            "how many|much ... pills|tablets|paracetamol|tylenol ... to die|kill_me|overdose|be_fatal",
            "lethal|fatal dose", "rope|noose ... ready|tied|set_up",
            "i could|can|would|will|want_to|wanna|should ... disappear|vanish ... never|forever|for_good",
            "want|wanna to disappear $", "want death", "i end it $", "not|never wake up ever|again",
            "sleep and not wake up", "drive|driving|crash|crashing ... off|into ... cliff|bridge|wall|tree|river|lake",
            "end everything $", "want|wanna to end everything",
            "keep living $", "want|wanna to be gone $", "be gone forever",
            "saved|saving|stockpiled|stockpiling|hoarding ... pills|meds|tablets",
            "pills|meds|tablets ... saved|stockpiled|hoarded",
            "thinking|think|thought ... about|of dying|death|my_death", "myself ... on purpose",
            "bled|bleed|bleeding on purpose",
            "want|wanna|wish|need it all to end|stop|be_over",
            "make it all stop|end $",
            "it all to end|stop $",
            "whats|what_is ... point of|in living|existing|being_alive|going_on|staying_alive|waking_up",
            "no point in|of living|existing|being_alive|going_on|staying_alive",
            "been cutting|harming|burning again|myself",
            "cutting again $",
            "cutting|cut|slicing|slice my arms|thighs|wrists|forearms|skin",
            "relapsed|relapsing ... self_harm|selfharm|cutting",
        ],
        overdose: [
            "overdose~|overdosed~|overdosing~|overdos*",
            "took|taken|swallowed|swallowing|ate|downed ... all ... pills|tablets|meds|medication|medications|"
                + "medicine|capsules|painkillers|antidepressants|insulin|paracetamol|tylenol|xanax|sleeping_pills",
            "took|taken|swallowed|downed|ate|popped like|about|around|maybe|over|almost|nearly|roughly <n> ... pills|"
                + "tablets|meds|painkillers|sleeping|antidepressants|capsules|paracetamol|tylenol|ibuprofen",
            "took|taken|swallowed|downed|ate|popped <n> ... pills|tablets|meds|painkillers|sleeping|antidepressants|"
                + "capsules|paracetamol|tylenol|ibuprofen|advil|xanax",
            "swallowed|swallow|swallowing ... whole|entire|full ... bottle|pack|packet|box|strip",
            "swallowed ... bottle|pack|packet|box|strip of",
            "took|taken|swallowed|downed ... bottle|pack|packet|box|strip of ... pills|tablets|meds|sleeping|tylenol|"
                + "paracetamol|ibuprofen|advil|aspirin|painkillers|xanax|valium|ambien",
            "took|taken|swallowed|downed ... too_many|dozens|lots_of|loads_of|bunch_of|a_lot_of ... pills|tablets|"
                + "meds|sleeping|painkillers",
            "handful|handfuls of ... pills|tablets|meds|painkillers", "poisoned|poison myself",
            "drank|drink|drinking|swallowed bleach|poison|antifreeze",
            "drank|drunk|vodka|alcohol|wine|whiskey|beer ... took|taken|swallowed ... pills|tablets|meds",
        ],
        medical: [
            "chest pain|pains", "pain|pains|pressure|tightness in my|the chest",
            "chest ... hurts|hurting|tight|tightness|pressure|crushing|squeezing|burning|aching",
            "left arm ... numb|numbness|tingling|tingles|dead|heavy", "arm|jaw ... numb|numbness|tingling ... chest",
            "heart attack", "cant|cannot|can_not|couldnt|unable_to|struggling_to|hard_to breathe",
            "cant|cannot|can_not get ... air", "not breathing", "stopped breathing", "gasping for air|breath",
            "choking", "isnt|arent|wasnt breathing", "face ... droop|drooping|droops|drooped|droopy",
            "slurred|slurring ... speech|words|talking",
            "speech ... slurred", "one side ... numb|weak|paralyzed|paralysed|dead",
            "cant feel|move ... my ... left|right ... side|arm|leg", "having a stroke", "had a stroke $",
            "think i ... had|have a stroke",
            "stroke symptoms|signs", "bleeding heavily|badly|a_lot|nonstop|out",
            "cant|cannot|wont stop ... bleeding", "bleeding wont|will_not stop", "lots|pool of blood",
            "losing blood", "losing a lot of blood", "severe|heavy bleeding", "blood everywhere",
            "anaphyla*", "throat ... closing|closing_up|swelling", "swelling ... throat|tongue ... breathe",
            "tongue ... swelling|swollen", "severe allergic reaction", "allergic reaction ... breathe|throat|swelling",
            "used|use|need|needed|grab|give|gave ... epipen|epi_pen", "unconscious~", "unresponsive~", "passed out",
            "fainted",
            "he|she|they|someone|somebody|dad|mom|mother|father|husband|wife|partner|friend ... collapsed",
            "collapsed ... floor|ground|unconscious|unresponsive|breathing",
            "cant|cannot wake him|her|them",
            "he|she|they|mom|dad ... wont|will_not|isnt|is_not wake_up|waking|"
                + "responding|breathing",
            "seizure~|seizures~|seizing|convuls*", "coughing|vomiting|throwing|puking up blood", "vomiting blood",
            "coughing blood",
            "clutching|clutched|clutches|grabbing ... chest|heart",
            "speech ... weird|strange|garbled|jumbled|gibberish ... arm|face|leg|side",
            "arm|face|leg|side ... floppy|limp|drooping ... speech|talk|talking|words",
            "garbled|jumbled speech|words",
            "talking|speaking gibberish",
            "swallowed|swallow|swallowing ... battery|batteries|magnet|magnets|laundry_pod|detergent_pod|"
                + "dishwasher_tablet|mothball|mothballs|rat_poison",
            "ate|eaten|chewed|chewing a|an|the|some|my|his|her|two battery|batteries|button_battery|"
                + "button_batteries|coin_battery|magnet|magnets|laundry_pod|detergent_pod|dishwasher_tablet|mothball|"
                + "mothballs|rat_poison",
            "drank|drinking|swallowed|ate|eaten|licked ... bleach|detergent|drain_cleaner|antifreeze|"
                + "lighter_fluid|lamp_oil|gasoline|petrol|weed_killer|pesticide|rat_poison|poison|lye|cleaning_product|"
                + "paint_thinner",
            "toddler|baby|child|kid|son|daughter ... swallowed|ate|drank|got_into ... pills|tablets|meds",
            "numbness|numb|weakness|weak|tingling|paralysis|paralyzed|paralysed ... one side|left_side|"
                + "right_side|half_my_face|half_my_body|side_of_my_face|side_of_my_body|side_of_her_face|"
                + "side_of_his_face",
            "side of ... face ... droop*|dropped|sagging|fallen|slack|numb",
            "suddenly|sudden ... cant|cannot|can_not|couldnt lift|raise|move ... arm|arms|leg",
            "cant|cannot|can_not|couldnt lift|raise my|her|his arm|arms $",
            "cant|cannot|can_not|couldnt catch her|his breath", "catch my breath ... lips|blue|faint|collapsing",
            "lips|fingertips ... blue|purple|grey|gray|bluish",
            "turning|turned|going blue",
        ],
        benign: [
            "suicide sprint|sprints|drill|drills|runs|squeeze",
            "jump|skipping|skip|climbing|battle rope|ropes", "chest day", "chest press|fly|flys|flies",
            "passed|passing out flyers|leaflets|samples|cards|papers", "nearly|almost fainted|died|passed_out",
            "heart attack|stroke risk|risks", "prevent|preventing|prevention|avoid ... heart attack|stroke",
            "breathe through my|the nose", "breathe|breathing well|properly when|while|during",
            "choking|choked back|up", "choked up",
        ])

    static let german = Language(
        suicide: [
            "suizid*", "selbstmord*", "selbsttotung*", "freitod", "umbringen~", "bring|bringe ... mich um",
            "mich toten", "mir das leben nehmen", "mein leben beenden", "will|mochte ... sterben",
            "will nicht mehr leben", "keine lust ... zu leben", "umzubringen~", "mochte nicht mehr leben",
            "nicht mehr leben ... will|mochte",
            "will nicht mehr $", "kann nicht mehr leben", "will nicht mehr aufwachen", "nie wieder aufwachen",
            "nicht mehr aufwachen", "niemand|keiner ... wurde|wird ... mich vermissen", "ohne mich ... besser dran",
            "besser dran ... ohne mich", "besser ... wenn ich ... tot|weg|nicht_mehr",
            "will ... fur immer verschwinden",
            "fur immer verschwinden", "keinen sinn mehr ... leben", "lebensmude~", "ritze|ritzen ... mich",
            "mich ... ritzen|selbst_verletzen", "mich selbst verletzen", "selbstverletz*", "mich erhangen|aufhangen",
            "von ... brucke|dach|hochhaus ... springen|sturzen", "vor ... zug|auto ... werfen|springen",
            "abschiedsbrief~", "will nicht mehr hier sein", "keinen bock|keine_lust ... zu leben",
            "mir ... das leben nehmen", "nicht ... weiterleben", "denke ... an_den_tod|ans_sterben",
            "geschnitten|verletzt|geritzt ... absichtlich", "absichtlich ... verletzt|geschnitten|geritzt",
            "mir etwas|was anzutun|antun", "ich kann nicht mehr $",
            "pulsadern ... aufschneiden|aufgeschnitten", "aus ... fenster ... springen|sturzen",
            "mit allem schluss machen", "allem ein ende setzen", "will ... tot sein", "ware ... lieber tot",
            "mochte|wunschte|wunsche ... tot sein|ware",
            "halte|ertrage ... leben ... nicht mehr",
            "will ... verschwinden $",
            "ich verletze mich $",
            "verletze|verletzte mich selbst|absichtlich",
            "schneide|ritze|verbrenne mich selbst|absichtlich|wieder|immer_wieder",
            "selbst verletzt|geschnitten|geritzt",
            "springe|sturze ... von|vom|aus|vor ... brucke|dach|hochhaus|fenster|balkon|zug|klippe|turm",
            "alles|leben ... keinen sinn mehr",
            "leben ist sinnlos",
            "sinnlos zu leben",
            "will ... einfach|nur|fur_immer weg sein $",
            "will ... nicht mehr da|hier sein",
            "will|mochte dass ... alles aufhort|endet|vorbei_ist $",
        ],
        overdose: [
            "uberdosis~", "alle ... tabletten|pillen|medikamente ... genommen|geschluckt|eingenommen",
            "tabletten|pillen ... geschluckt", "ganze ... packung|flasche ... geschluckt|genommen",
            "zu viele ... tabletten|pillen ... genommen|geschluckt", "viele|zu_viele schlaftabletten",
            "schlaftabletten ... genommen|geschluckt",
        ],
        medical: [
            "brustschmerz*", "schmerzen in der brust", "brust ... eng|engegefuhl|druck|schmerzt|tut_weh|sticht",
            "engegefuhl in der brust", "linker|linke|linken arm ... taub|kribbelt|gefuhllos",
            "arm ... taub|kribbelt|gefuhllos ... brust", "herzinfarkt~", "herzanfall~", "kann nicht|kaum ... atmen",
            "bekomme|kriege|kriegt|bekommt ... keine luft", "atemnot~", "gesicht ... hangt|hangend|schief",
            "lallen|lalle|lallt", "verwaschene sprache", "eine seite ... taub|gelahmt", "schlaganfall~",
            "mundwinkel ... hangt|hangen|schief",
            "plotzlich ... nicht mehr sprechen|reden",
            "blutet ... stark|hort_nicht_auf", "blutung ... stark|hort_nicht_auf", "starke blutung", "viel blut",
            "anaphyla*", "allergischer schock", "hals ... schwillt|zugeschwollen", "bewusstlos~", "ohnmacht*",
            "krampfanfall~", "zusammengebrochen~", "atmet nicht|kaum", "atmet ... nicht mehr", "druck auf der brust",
            "brust ... arm ... taub|kribbelt|gefuhllos|eingeschlafen",
            "knopfzelle|knopfbatterie|batterie|magnet|magnete|putzmittel|reiniger|bleiche|rattengift|gift|"
                + "spulmaschinentab|frostschutzmittel ... verschluckt|geschluckt|getrunken",
            "verschluckt|geschluckt|getrunken ... knopfzelle|knopfbatterie|batterie|magnet|putzmittel|rattengift",
            "lippen ... blau|lila",
            "eine seite ... hangt|gelahmt|schwach",
        ],
        benign: ["bringt|bringen mich um"])

    static let spanish = Language(
        suicide: [
            "suicid*", "matarme", "me voy a matar", "quitarme la vida", "acabar con mi vida", "terminar con mi vida",
            "quiero|quisiera|deseo ... morir|morirme", "quiero cortarme", "me quiero cortar $", "me quiero morir",
            "ganas de morir", "no quiero vivir",
            "no quiero seguir viviendo", "no quiero despertar", "no despertar nunca mas",
            "nadie ... me extranaria|extranara|echaria", "estarian mejor sin mi", "mejor sin mi",
            "desaparecer para siempre", "no vale la pena vivir", "no tengo razones para vivir",
            "cortarme|cortandome|lastimarme|hacerme_dano", "autolesion*", "ahorcarme",
            "tirarme ... puente|edificio|techo|azotea", "saltar ... puente|edificio", "mejor muerto|muerta",
            "estar muerto|muerta", "no quiero ... estar aqui", "nadie ... notaria|notara|se_daria_cuenta",
            "dejar de existir", "pienso|pensando|pensar en la muerte", "dano a proposito",
            "caja|frasco ... entera|entero ... pastillas", "lanzarme|tirarme ... vias|tren",
            "harto|harta|cansado|cansada de vivir", "acabar con todo $", "cortado|corte|cortarme ... munecas|venas",
            "no puedo mas con la vida", "no puedo mas $", "me quiero tirar|lanzar",
            "tirarme|lanzarme ... ventana|balcon",
            "me corto|corte ... brazos|piernas|munecas|muslos|venas|piel",
            "me corto otra|de vez|nuevo",
            "me corto $",
            "me estoy cortando",
            "me volvi a cortar",
            "me hago|hice|he_hecho dano $",
            "no quiero seguir aqui|vivo|en_este_mundo",
            "ya no quiero seguir $",
            "nadie ... extranar|extranaria|extranara|echara_de_menos",
            "quiero desaparecer $",
            "me hago|hice|he_hecho dano a mi misma|mismo|proposito",
            "no tiene sentido vivir|seguir_viviendo",
            "para que vivir|seguir_viviendo $",
            "de que sirve vivir",
            "quiero que ... todo ... termine|acabe|pare $",
            "quitar|quitarme mi|la vida",
        ],
        overdose: [
            "sobredosis~", "tome|trague ... todas ... pastillas|pildoras|medicinas|medicamentos",
            "todas mis pastillas", "frasco ... pastillas", "demasiadas pastillas",
            "muchas|demasiadas|todas ... pastillas|pildoras",
            "tome|trague ... caja|frasco|blister|tira ... pastillas|paracetamol|ibuprofeno|clonazepam|rivotril|"
                + "diazepam|alprazolam|pildoras",
        ],
        medical: [
            "dolor ... pecho", "pecho ... apretado|presion|opresion|duele", "brazo izquierdo ... entumecido|dormido",
            "pecho ... brazo ... entumecido|dormido", "infarto", "ataque al corazon", "no puedo respirar",
            "me falta el aire", "me ahogo $", "duele ... pecho", "cara ... caida|torcida", "habla arrastrada",
            "arrastro las palabras",
            "un lado ... entumecido|paralizado", "derrame cerebral", "ictus", "sangrando mucho",
            "sangrado ... fuerte|abundante", "mucha sangre", "anafila*", "garganta ... cerrando|cierra",
            "inconsciente~", "me desmaye", "desmayo", "convulsion*", "no respira", "no esta respirando",
            "dejo de respirar", "presion en el pecho",
            "pecho ... brazo ... duerme|dormido|entumecido|hormiguea",
            "trago|se_trago ... pila|pilas|bateria|iman|imanes",
            "trago|se_trago|bebio|se_tomo ... lejia|cloro|veneno|detergente|raticida|matarratas|insecticida",
            "labios ... azules|morados",
        ],
        benign: [])

    static let french = Language(
        suicide: [
            "suicid*", "me suicider", "me tuer", "mettre fin a mes jours", "mettre fin a ma vie", "en finir $",
            "en finir avec la vie|tout", "je veux|voudrais ... mourir", "envie de mourir", "je ne veux plus vivre",
            "veux plus vivre", "ne plus me reveiller", "jamais me reveiller", "personne ne ... manquerait|manquera",
            "mieux sans moi", "disparaitre pour toujours", "vie ne vaut pas la peine", "vaut pas la peine de vivre",
            "plus envie de vivre", "me faire du mal", "me scarifier|mutiler", "me couper ... bras|poignets|veines",
            "scarification*", "automutilation~", "me pendre", "sauter ... pont|toit|immeuble|fenetre",
            "me jeter ... pont|train|fenetre", "mieux mort|morte", "etre mort|morte", "veux plus etre la|ici",
            "personne ne remarquerait|remarquera", "arreter|cesser d exister",
            "pense|penser ... a la mort", "mal ... expres", "boite entiere ... cachets|comprimes|pilules|medicaments",
            "marre de vivre", "fatigue|fatiguee de vivre", "me foutre en l'air",
            "coupe|couper ... veines|poignets", "supporte plus la vie", "peux plus vivre",
            "personne ne ... regretterait|regrettera|pleurerait|pleurera|remarquerait",
            "veux|voudrais pas|plus me reveiller $",
            "veux|voudrais pas|plus me reveiller demain $",
            "a quoi bon vivre|continuer",
            "vie|vivre ... plus aucun|de sens",
            "veux que ... tout ... arrete|finisse|termine $",
            "je me coupe $",
            "veux disparaitre $",
            "je me scarifie|mutile",
            "me fais du mal",
        ],
        overdose: [
            "surdose~", "pris|avale ... tous|toutes ... cachets|comprimes|medicaments|pilules",
            "toute ... boite|plaquette ... avale|pris", "avale|pris ... toute ... boite|plaquette",
            "trop de ... cachets|comprimes|medicaments", "avale ... medicaments|cachets|comprimes|pilules",
            "avale|pris ... boite|plaquette|flacon|tube ... doliprane|dafalgan|efferalgan|paracetamol|lexomil|xanax|"
                + "stilnox|zolpidem|tramadol|somniferes|cachets|comprimes|medicaments|pilules",
            "pris ... trop|beaucoup ... medicaments|cachets|comprimes",
        ],
        medical: [
            "douleur ... poitrine|thoracique", "poitrine ... serree|oppressee|mal|douleur",
            "bras gauche ... engourdi|paralyse|fourmille", "poitrine ... bras ... engourdi", "crise cardiaque",
            "infarctus", "je ne peux pas respirer", "peux plus respirer", "arrive pas|plus a respirer",
            "peux pas|plus respirer", "etouffe $", "m etouffe",
            "visage ... affaisse|tombe|paralyse", "parole ... pateuse|difficile", "un cote ... engourdi|paralyse",
            "avc", "accident vasculaire", "saigne beaucoup", "saignement ... abondant|important", "beaucoup de sang",
            "anaphyla*", "gorge ... gonfle|ferme", "inconscient|inconsciente", "evanoui*", "convulsion*",
            "ne respire plus|pas", "respire plus", "mal a la poitrine",
            "avale ... pile|piles|batterie|aimant|aimants|javel|detergent|poison|mort_aux_rats|lessive|dosette",
            "bu ... javel|detergent|poison|lessive|produit_menager",
            "levres ... bleues|violettes",
        ],
        benign: [])

    static let portuguese = Language(
        suicide: [
            "suicid*", "me suicidar", "suicidar me", "me matar", "matar me", "tirar minha propria vida",
            "acabar com a minha vida",
            "acabar com tudo $", "aguento mais ... viver", "nao aguento mais $", "quero|queria ... morrer",
            "vontade de morrer", "nao quero mais viver", "nao quero mais estar aqui",
            "nao quero viver", "nao quero acordar", "nunca mais acordar", "ninguem ... sentiria|sentira ... falta",
            "melhor sem mim", "desaparecer para sempre", "sumir para sempre", "nao vale a pena viver", "me cortar",
            "me machucar", "automutila*", "me enforcar", "pular ... ponte|predio|janela",
            "me jogar ... ponte|predio|janela", "melhor morto|morta", "ninguem ... perceberia|notaria|perceberia",
            "deixar de existir",
            "penso|pensando|pensar na morte", "machuquei|machucar|machuco ... de proposito",
            "caixa inteira ... comprimidos|remedios", "jogar ... frente do|de trem|carro|onibus",
            "cansado|cansada de viver", "cortei|cortar|cortou ... pulsos",
            "aguento mais ... vida",
            "tirar minha|a_minha|a_propria|minha_propria vida",
            "tirar a vida",
            "eu me corto $", "me corto de novo|outra", "me cortei de|outra proposito|novo|vez",
            "me cortando|machucando",
            "me cortei ... braco|bracos|pulsos|pernas",
            "nao tem sentido viver",
            "quero sumir|desaparecer $",
            "pra|para que viver $",
            "quero que ... tudo ... acabe|termine|pare $",
        ],
        overdose: [
            "tomei ... todos ... comprimidos|remedios|pilulas", "engoli ... comprimidos|remedios|pilulas",
            "frasco ... remedios|comprimidos", "muitos ... comprimidos|remedios",
            "tomei|engoli ... cartela|caixa|frasco|vidro ... remedio|remedios|comprimidos|pilulas|rivotril|dipirona|"
                + "paracetamol|clonazepam",
        ],
        medical: [
            "dor ... peito", "peito ... apertado|aperto|pressao|doendo", "braco esquerdo ... dormente|formigando",
            "peito ... braco ... dormente", "infarto", "ataque cardiaco", "nao consigo respirar", "falta de ar",
            "rosto ... caido|torto", "fala arrastada", "um lado ... dormente|paralisado", "derrame", "avc",
            "sangrando muito", "sangramento ... forte|intenso", "muito sangue", "anafila*",
            "garganta ... fechando|inchada", "inconsciente", "desmaiei|desmaiou", "convulsa*", "nao esta respirando",
            "nao respira", "parou de respirar",
            "aperto|pressao|dor no peito",
            "engoliu|engoli ... pilha|pilhas|bateria|ima|imas",
            "engoliu|engoli|bebeu|bebi ... agua_sanitaria|candida|veneno|detergente|soda_caustica|chumbinho",
            "labios ... roxos|azuis",
        ],
        benign: [])

    static let italian = Language(
        suicide: [
            "suicid*", "uccidermi", "ammazzarmi", "togliermi la vita", "mi voglio|vorrei ... ammazzare|uccidere",
            "farla finita $",
            "farla finita con la vita|tutto", "porre fine alla mia vita", "voglio|vorrei ... morire",
            "voglia di morire", "non voglio piu vivere", "non ce la faccio ... vivere", "non voglio vivere",
            "non svegliarmi piu",
            "non voglio svegliarmi", "nessuno ... sentirebbe la mia mancanza", "meglio senza di me",
            "sparire per sempre", "non vale la pena vivere", "farmi del male", "tagliarmi", "autolesion*",
            "impiccarmi", "buttarmi ... ponte|palazzo|finestra|treno",
            "mi butto|lancio ... ponte|palazzo|finestra|sotto", "saltare ... ponte|palazzo", "meglio morto|morta",
            "mi uccido", "non voglio piu essere qui", "nessuno se ne accorgerebbe|accorgera",
            "smettere di esistere", "penso|pensare|pensando alla morte", "male apposta",
            "scatola intera ... pillole|compresse|pastiglie", "buttarmi sotto ... treno|macchina",
            "stanco|stanca di vivere",
            "tagliato|tagliata|tagliarmi ... vene|polsi", "non sopporto piu la vita", "non ce la faccio piu $",
            "mi voglio|vorrei buttare",
            "mi taglio ... braccia|polsi|gambe|cosce|vene",
            "mi sono tagliato|tagliata ... braccia|polsi|gambe|cosce|vene",
            "mi taglio di_nuovo|ancora|sempre",
            "mi taglio $",
            "mi faccio|facevo del male",
            "mi sono fatto|fatta del male",
            "non ha senso vivere",
            "voglio sparire|scomparire $",
            "a che serve vivere",
            "voglio che ... tutto ... finisca $",
        ],
        overdose: [
            "preso ... tutte ... pillole|pastiglie|compresse|medicine", "ingoiato ... pillole|compresse",
            "flacone ... pillole|compresse", "troppe ... pillole|compresse|pastiglie",
            "tante|molte|troppe ... pastiglie|pillole|compresse|sonniferi",
            "preso|fatto|avuto ... overdose",
            "preso|ingoiato ... scatola|confezione|blister|flacone ... pillole|compresse|tachipirina|xanax|"
                + "paracetamolo|sonniferi|medicine",
        ],
        medical: [
            "dolore ... petto|torace", "petto ... stretto|oppressione|pressione|fa_male",
            "braccio sinistro ... intorpidito|formicola|addormentato", "petto ... braccio ... intorpidito",
            "infarto", "attacco di cuore", "non riesco a respirare", "non respiro", "fame d'aria",
            "faccia ... cadente|storta", "parlo|parola|parole ... impastat*", "biascico",
            "un lato ... intorpidito|paralizzato", "ictus", "sanguino molto", "emorragia", "molto sangue", "anafila*",
            "gola ... gonfia|chiude", "svenut*", "incosciente|incoscienza", "privo di sensi", "convulsion*",
            "non respira", "smesso di respirare", "morsa al petto",
            "petto ... braccio ... intorpidito|formicola",
            "ingoiato|ingerito ... pila|pile|batteria|calamita|magnete|candeggina|varechina|veleno|detersivo",
            "bevuto ... candeggina|varechina|veleno|detersivo",
            "labbra ... blu|viola",
        ],
        benign: [])

    static let dutch = Language(
        suicide: [
            "zelfmoord*", "suicid*", "zelfdoding~", "mezelf ... doden|ombrengen|van_kant_maken", "wil dood $",
            "wil ... dood zijn|gaan", "wil er niet meer zijn",
            "wil ... sterven", "niet meer leven", "wil niet meer $", "niet meer wakker worden", "nooit meer wakker",
            "niemand zou mij|me ... missen", "beter af zonder mij", "beter zonder mij", "voor altijd verdwijnen",
            "einde aan mijn leven", "mezelf ... snijden|pijn_doen", "zelfbeschadig*", "mezelf ophangen",
            "springen ... brug|dak|flat", "brug|dak|flat ... springen|afspringen", "voor de trein", "levensmoe~",
            "liever dood", "er een einde aan $", "wil hier niet meer zijn", "niemand zou ... merken",
            "niet meer bestaan", "denk ... aan de dood", "mezelf expres", "voor ... trein ... springen",
            "het leven moe", "moe van het leven", "er een einde aan maken",
            "polsen ... doorgesneden|gesneden|snijden|doorsnijden",
            "leven niet meer aan", "kan het niet meer aan $", "uit ... raam ... springen",
            "snij|sneed|snijd|kras mezelf",
            "doe|deed mezelf pijn", "mezelf pijn doen",
            "spring|springen|sprong ... van|vanaf|voor|uit ... brug|dak|flat|raam|balkon|trein",
            "zelfmort*|zelfmord*|zelfmoort*",
            "zelfm* plegen",
            "wil verdwijnen $",
            "leven ... heeft geen zin meer",
            "heeft allemaal geen zin meer",
            "wil dat ... alles ... ophoudt|stopt|voorbij_is $",
        ],
        overdose: [
            "overdosis~", "al ... pillen|tabletten|medicijnen ... genomen|ingenomen|geslikt",
            "pillen|tabletten ... geslikt", "te veel ... pillen|tabletten|medicijnen",
            "hele ... doos|strip|pot ... geslikt|genomen", "veel|te_veel ... slaappillen|pillen|tabletten",
            "slaappillen ... genomen|geslikt",
        ],
        medical: [
            "pijn ... borst", "borst ... strak|druk|beklemd|pijn", "linkerarm ... gevoelloos|tintelt|verdoofd",
            "borst ... arm ... gevoelloos|tintelt|verdoofd", "hartaanval~", "hartinfarct~", "kan niet ademen",
            "krijg geen lucht", "heb het ... benauwd", "erg benauwd", "gezicht ... hangt|scheef",
            "spraak ... onduidelijk", "brabbel*", "een kant ... verlamd|gevoelloos", "beroerte~",
            "bloed ... veel|hevig", "veel bloed", "bloeding~", "anafyla*", "keel ... zwelt|dicht", "bewusteloos~",
            "flauwgevallen~", "stuip*", "ademt niet", "ademt ... niet meer", "druk op ... borst",
            "ingeslikt|doorgeslikt|gedronken ... batterij|knoopcel|knoopbatterij|magneet|magneten|bleekmiddel|"
                + "gif|gootsteenontstopper|vaatwastablet|wasmiddel",
            "batterij|knoopcel|knoopbatterij|magneet|magneten|bleekmiddel|gif|gootsteenontstopper|"
                + "vaatwastablet ... ingeslikt|doorgeslikt|gedronken",
            "lippen ... blauw|paars",
        ],
        benign: [])

    static let chinese = Language(
        suicide: [
            "自杀", "自殺", "我想死", "好想死", "真的想死", "真想死", "很想死", "想死了", "真想死", "不想活", "活不下去", "不如死", "结束生命", "結束生命",
            "结束自己", "結束自己", "割腕", "自残", "自殘", "自伤", "自傷", "伤害自己", "傷害自己", "轻生", "輕生",
            "跳楼", "跳樓", "跳桥", "跳橋", "上吊", "寻死", "尋死", "不想醒来", "不想醒來", "永远消失", "永遠消失",
            "没有人...想念我", "沒有人...想念我", "没有我...更好", "沒有我...更好", "死了算了", "不想再待在这个世界", "不想待在这个世界", "消失了...没人", "药全吃",
            "把药...全吃", "不想存在", "想死的事", "故意伤害", "伤害了自己", "一整盒药", "一整瓶药",
            "卧轨", "活够了", "结束这一切", "结束一切", "割...手腕", "窗...跳下", "活着太累",
            "活着...没意思",
            "活着...没有意思",
            "活着...没意义",
            "活着...没有意义",
            "活着...有什么意思",
            "活着...有什么意义",
            "活著...沒意思",
            "活著...沒有意義",
            "生无可恋",
            "生無可戀",
            "不想...醒来",
            "不想...醒來",
            "不要再醒",
            "永远不醒",
            "从...桥...跳",
            "從...橋...跳",
            "桥上跳",
            "橋上跳",
            "从...楼...跳",
            "從...樓...跳",
            "楼顶...跳",
            "樓頂...跳",
            "跳河",
            "跳江",
            "割自己",
            "划自己",
        ],
        overdose: [
            "吃了...所有的药", "吃了...所有的藥", "吃了...整瓶", "过量服药", "過量服藥", "吞了...药", "吞了...藥", "服药过量", "吃了...安眠药", "吞了...安眠药",
            "很多安眠药",
        ],
        medical: [
            "胸口...痛", "胸口...疼", "胸...闷", "胸...悶", "胸痛", "手臂...麻", "心脏病发", "心臟病發", "喘不过气",
            "喘不過氣", "无法呼吸", "無法呼吸", "不能呼吸", "呼吸困难", "呼吸困難", "中风", "中風", "口齿不清", "口齒不清",
            "脸...歪", "臉...歪", "大出血", "流血不止", "过敏性休克", "過敏性休克", "昏迷", "晕倒", "暈倒", "失去意识",
            "失去意識", "癫痫发作", "全身抽搐", "没有呼吸", "没呼吸", "不呼吸了", "胸口...压",
            "吞了...电池",
            "吞下...电池",
            "吃了...电池",
            "吞了...電池",
            "吞了...磁",
            "误食",
            "誤食",
            "喝了...农药",
            "喝了...漂白",
            "喝了...消毒",
            "嘴唇...发紫",
            "嘴唇...發紫",
            "半边...麻",
            "半边...无力",
            "半边...没力",
            "一侧...麻",
        ],
        benign: [])

    static let japanese = Language(
        suicide: [
            "死にたい", "死にたく", "しにたい", "消えてしまいたい", "消えてなくなりたい", "自殺", "じさつ", "消えたい", "生きていたくない", "生きていけない", "死ぬつもり",
            "この世にいたくない", "消えても誰も", "存在したくない",
            "死ぬことを考え", "自分を傷つけ", "目を覚まさない", "生きたくない",
            "生きるのが辛い",
            "生きるのがつらい", "リスカ", "リストカット", "自傷", "首を吊", "飛び降り", "命を絶", "もう目覚めたくない",
            "目が覚めなければ", "いなくなりたい", "誰も...悲しまない", "私がいない方が", "死んだ方がまし", "楽になりたい",
            "全部終わりにしたい", "もう終わりにしたい", "人生を終わりにしたい", "すべて終わりにしたい", "手首...切", "生きるのが...無理", "電車に飛び込", "生きるのに疲れ",
            "生きることに疲れ",
            "きえたい",
            "きえてしまいたい",
            "いきていたくない",
            "しんでしまいたい",
            "死にた",
            "死にて",
            "くびをつ",
            "とびおり",
            "いなくなっても...誰も",
            "いなくなっても...気にしない",
            "いなくなっても...悲しまない",
            "死んでも...誰も",
            "生きている意味...ない",
            "生きる意味...ない",
            "生きてる意味...ない",
            "橋から...飛び",
        ],
        overdose: ["オーバードーズ", "薬を...全部飲", "薬を...大量に", "全部の薬", "睡眠薬を...全部", "大量服薬", "odした", "薬を...たくさん飲"],
        medical: [
            "胸が...痛", "胸が...苦し", "胸が...締め付け", "胸痛", "腕が...しびれ", "腕が...痺れ", "心臓発作", "心筋梗塞",
            "息ができない", "息が...できない", "呼吸ができない", "呼吸困難", "脳卒中", "ろれつが回らない", "顔が...ゆがん",
            "顔が...歪ん", "片側が...しびれ", "出血が止まらない", "大量出血", "アナフィラキシー", "意識がない", "意識を失",
            "気を失", "倒れて...動かない", "全身...けいれん", "全身...痙攣", "息をしていない", "呼吸していない", "胸が...圧迫",
            "顔の片側",
            "片側が...下が",
            "片側が...動かな",
            "片側...麻痺",
            "半身...しびれ",
            "半身...麻痺",
            "急に...話せな",
            "電池を...飲み込",
            "ボタン電池",
            "誤飲",
            "誤って...飲ん",
            "漂白剤を...飲",
            "洗剤を...飲",
            "磁石を...飲み込",
            "唇が...紫",
            "急に腕が...上がらな",
        ],
        benign: [])
}
