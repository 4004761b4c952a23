//! HTML parsing with html5ever (Servo's parser), handed to the DOM glue as
//! a tree of plain objects.
//!
//! A node is `{t: 'document', children}`, `{t: 'element', name, attrs:
//! [[name, value], …], children}`, `{t: 'text', data}`, `{t: 'comment',
//! data}` or `{t: 'doctype', name}`. An inline `<script>` also carries the
//! `line` and `column` where its text starts in the markup, so errors in it
//! point into the page.
use html5ever::tendril::TendrilSink;
use html5ever::{local_name, ns, parse_document, parse_fragment, ParseOpts, QualName};
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use rquickjs::{Array, Ctx, Object, Result, Value};

/// Parses a whole document (`fragment == false`, html/head/body are
/// created as the parser does) or a fragment in the context of an element
/// named `context` (for `innerHTML`; `body` if none), and returns it as JS
/// objects.
pub fn parse<'js>(ctx: &Ctx<'js>, markup: &str, fragment: bool, context: Option<&str>) -> Result<Value<'js>> {
    let mut locator = ScriptLocator { markup, from: 0 };
    if fragment {
        let name = context.filter(|c| !c.is_empty()).unwrap_or("body").to_ascii_lowercase();
        let context = QualName::new(None, ns!(html), html5ever::LocalName::from(name.as_str()));
        let dom =
            parse_fragment(RcDom::default(), ParseOpts::default(), context, Vec::new(), false).one(markup);
        // The fragment's nodes are the children of the html element the
        // parser puts in the document.
        let list = Array::new(ctx.clone())?;
        let root = dom.document.children.borrow().first().cloned();
        if let Some(html) = root {
            for (i, child) in html.children.borrow().iter().enumerate() {
                list.set(i, convert(ctx, child, &mut locator)?)?;
            }
        }
        Ok(list.into_value())
    } else {
        let dom = parse_document(RcDom::default(), ParseOpts::default()).one(markup);
        convert(ctx, &dom.document, &mut locator)
    }
}

/// Finds where each inline script's text is in the markup, in order.
struct ScriptLocator<'a> {
    markup: &'a str,
    from: usize,
}

impl ScriptLocator<'_> {
    fn locate(&mut self, text: &str) -> Option<(u32, u32)> {
        if text.is_empty() {
            return None;
        }
        let at = self.from + self.markup.get(self.from..)?.find(text)?;
        self.from = at + text.len();
        let before = &self.markup[..at];
        let line = before.matches('\n').count() as u32 + 1;
        let column = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) as u32 + 1;
        Some((line, column))
    }
}

/// Converts a tree without recursion (a page can nest elements tens of
/// thousands deep): each node becomes an object, and its children are filled
/// in from an explicit stack, in document order.
fn convert<'js>(ctx: &Ctx<'js>, root: &Handle, locator: &mut ScriptLocator<'_>) -> Result<Value<'js>> {
    let (root_obj, root_kids) = make_node(ctx, root, locator)?;
    let mut stack: Vec<(Vec<Handle>, Array<'js>, usize)> = Vec::new();
    if let Some(kids) = root_kids {
        stack.push(kids);
    }
    while let Some((kids, array, next)) = stack.last_mut() {
        if *next >= kids.len() {
            stack.pop();
            continue;
        }
        let child = kids[*next].clone();
        let index = *next;
        *next += 1;
        let array = array.clone();
        let (obj, grandkids) = make_node(ctx, &child, locator)?;
        array.set(index, obj)?;
        if let Some(k) = grandkids {
            stack.push(k);
        }
    }
    Ok(root_obj.into_value())
}

/// One node as an object, and (for nodes with children) the children to
/// convert with the array they go in.
#[allow(clippy::type_complexity)]
fn make_node<'js>(
    ctx: &Ctx<'js>,
    node: &Handle,
    locator: &mut ScriptLocator<'_>,
) -> Result<(Object<'js>, Option<(Vec<Handle>, Array<'js>, usize)>)> {
    let obj = Object::new(ctx.clone())?;
    let with_children =
        |obj: &Object<'js>, kids: Vec<Handle>| -> Result<Option<(Vec<Handle>, Array<'js>, usize)>> {
            let list = Array::new(ctx.clone())?;
            obj.set("children", list.clone())?;
            Ok(Some((kids, list, 0)))
        };
    let kids = || node.children.borrow().iter().cloned().collect::<Vec<_>>();
    match &node.data {
        NodeData::Document => {
            obj.set("t", "document")?;
            let k = with_children(&obj, kids())?;
            return Ok((obj, k));
        }
        NodeData::Doctype { name, .. } => {
            obj.set("t", "doctype")?;
            obj.set("name", name.to_string())?;
        }
        NodeData::Text { contents } => {
            obj.set("t", "text")?;
            obj.set("data", contents.borrow().to_string())?;
        }
        NodeData::Comment { contents } => {
            obj.set("t", "comment")?;
            obj.set("data", contents.to_string())?;
        }
        NodeData::Element { name, attrs, template_contents, .. } => {
            obj.set("t", "element")?;
            obj.set("name", name.local.to_string())?;
            // An element of another namespace than HTML's (the parser puts
            // <svg> and <math> and what is in them in SVG's and MathML's).
            if name.ns != ns!(html) {
                obj.set("ns", name.ns.to_string())?;
            }
            let list = Array::new(ctx.clone())?;
            for (i, a) in attrs.borrow().iter().enumerate() {
                let pair = Array::new(ctx.clone())?;
                pair.set(0, a.name.local.to_string())?;
                pair.set(1, a.value.to_string())?;
                list.set(i, pair)?;
            }
            obj.set("attrs", list)?;
            if name.local == local_name!("script") {
                let text: String = node
                    .children
                    .borrow()
                    .iter()
                    .filter_map(|c| match &c.data {
                        NodeData::Text { contents } => Some(contents.borrow().to_string()),
                        _ => None,
                    })
                    .collect();
                if let Some((line, column)) = locator.locate(&text) {
                    obj.set("line", line)?;
                    obj.set("column", column)?;
                }
            }
            // A template's contents are kept as its children.
            let children = match template_contents.borrow().as_ref() {
                Some(contents) => contents.children.borrow().iter().cloned().collect(),
                None => kids(),
            };
            let k = with_children(&obj, children)?;
            return Ok((obj, k));
        }
        NodeData::ProcessingInstruction { .. } => {
            obj.set("t", "comment")?;
            obj.set("data", "")?;
        }
    }
    Ok((obj, None))
}
